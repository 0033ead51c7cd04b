import { CHANGE_ORDER_CONSENT_TEXT, formatChangeOrderNumber, toCents } from '@portal/contract';
import { CONTENT_WIDTH, finish, firstPage, heading, money, PAGE, printDate, section, table, totals, type Doc, type PdfInput } from '../../core/pdf/kit';
import { evidencePage, signatureBlock } from '../../core/signatures/pdf';
import type { ApprovalEvidence } from './change-order-answers.repository';
import { scheduleText } from '../../core/change-orders/change-order-sent-email';
import type { ChangeOrderTree } from '../../core/change-orders/change-orders.queries';
import { quantityText, rateText } from './change-orders.serializers';

/**
 * The signed change order: the change as the customer saw it, the signature block and a page of evidence, drawn with
 * the parts every signed PDF shares (core/signatures/pdf.ts). Made once, at approval, and stored: never rendered again,
 * so the bytes a reader downloads are the bytes whose SHA-256 the evidence records.
 */

/** A total as the customer reads it: a credit says so. */
const totalText = (total: string) => (toCents(total) < 0 ? `${money(total)} (credit)` : money(total));

export async function renderSignedChangeOrderPdf(input: PdfInput & { tree: ChangeOrderTree; evidence: ApprovalEvidence }): Promise<Buffer> {
  const { brand, tree, evidence } = input;
  const { changeOrder } = tree;
  const reference = formatChangeOrderNumber(changeOrder.number, changeOrder.version);
  const {
    doc,
    color,
    y: bodyTop,
  } = await firstPage(input, {
    documentTitle: `Change order ${reference} (signed)`,
    title: 'CHANGE ORDER',
    facts: [
      ['Change order', reference],
      ['Status', 'Approved'],
      ['Sent', changeOrder.sent_at ? printDate(changeOrder.sent_at.toISOString().slice(0, 10)) : '-'],
      ['Approve by', changeOrder.approval_deadline ? printDate(changeOrder.approval_deadline) : 'No deadline'],
      ['Total', totalText(evidence.total)],
    ],
    projectCaption: 'Project',
    // Dated at the approval rather than at the render: the same approval makes the same bytes.
    createdAt: evidence.signedAt,
  });
  const y = body(doc, bodyTop, tree, evidence, color);
  signatureBlock(doc, y, {
    title: 'Approval',
    signer: evidence,
    lines: [`Change order ${reference}: ${totalText(evidence.total)}; ${scheduleText(changeOrder.schedule_days)}.`],
    consent: CHANGE_ORDER_CONSENT_TEXT,
  });
  evidencePage(doc, color, {
    title: 'Evidence of approval',
    subject: ['Change order', `${reference} (id ${changeOrder.id}), ${changeOrder.title}`],
    signedAtLabel: 'Approved at (UTC)',
    signer: evidence,
    consent: CHANGE_ORDER_CONSENT_TEXT,
    extra: [
      ['Schedule', scheduleText(changeOrder.schedule_days)],
      ['Approved subtotal, tax, total', `${money(evidence.subtotal)}, ${money(evidence.tax)}, ${money(evidence.total)}`],
    ],
    contentSha256: evidence.contentSha256,
    note: 'The content SHA-256 is the hash of the canonical JSON of the change order as shown to the signer (its version, title, description, items, prices, tax, totals, schedule days, approval deadline and attached files), as the portal defines it. The SHA-256 of this PDF file is recorded with the evidence when the file is made.',
  });
  return finish(doc, `${brand.name} · Change order ${reference} · signed`);
}

/** The change as the customer saw it: its title, description, items, totals, schedule and attached files. */
function body(doc: Doc, top: number, tree: ChangeOrderTree, evidence: ApprovalEvidence, color: string): number {
  const { changeOrder } = tree;
  let y = top;
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#0f172a').text(changeOrder.title, PAGE.margin, y, { width: CONTENT_WIDTH });
  y = doc.y;
  if (changeOrder.description) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#334155')
      .text(changeOrder.description, PAGE.margin, y + 6, { width: CONTENT_WIDTH });
    y = doc.y;
  }
  y = heading(doc, y, 'Items');
  y = table(
    doc,
    y,
    [
      { label: 'Description', width: 250 },
      { label: 'Quantity', width: 62, align: 'right' },
      { label: 'Unit price', width: 80, align: 'right' },
      { label: 'Amount', width: 120, align: 'right' },
    ],
    tree.items.map((item) => [item.description, quantityText(item.quantity), money(item.unit_price), money(item.amount)]),
    color,
  );
  y = totals(doc, y, [
    ['Subtotal', money(evidence.subtotal)],
    [`Tax (${rateText(changeOrder.tax_rate)}%)`, money(evidence.tax)],
    ['Total', totalText(evidence.total)],
  ]);
  y = section(doc, y, 'Schedule', `This change ${scheduleText(changeOrder.schedule_days)}.`);
  if (tree.files.length > 0) y = section(doc, y, 'Attached files', tree.files.map((file) => file.original_name).join('\n'));
  return y;
}
