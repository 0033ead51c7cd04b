import { AGING_BUCKET_LABELS, AGING_BUCKETS, COMPANY_INVOICE_STATUS_LABELS, type InvoiceDetail, type InvoiceStatus, type Statement } from '@portal/contract';
import { toCents } from '@portal/contract';
import {
  CONTENT_WIDTH,
  finish,
  firstPage,
  heading,
  money,
  PAGE,
  printDate,
  projectLine,
  section,
  table,
  totals,
  type PdfBrand,
  type PdfInput,
} from '../../core/pdf/kit';

/** The invoice and statement PDFs, on the company's letterhead (core/pdf/kit.ts). */

export { brandOf, logoLoader, pdfFileName, sendPdf, type PdfBrand, type PdfProject } from '../../core/pdf/kit';

/** Whom an invoice bills: the project's account and its billing address. */
export interface BillTo {
  name: string;
  addressLines: string[];
}

/**
 * How to pay, from what the portal already holds rather than a company setting of its own: the amount, to whom (the
 * company's name and address) and by when, the invoice number to quote, and whom to ask (its phone and email). The
 * invoice's terms, where a company says more (bank details, cards), follow in their own section.
 */
function paymentText(brand: PdfBrand, invoice: Pick<InvoiceDetail, 'number' | 'balance' | 'due_date'> & { status: InvoiceStatus }): string {
  const contact = [brand.phone, brand.email].filter(Boolean).join(' or ');
  const ask = contact ? ` Questions about this invoice: ${contact}.` : '';
  if (invoice.status === 'void') return `This invoice is void: nothing is due.${ask}`;
  if (toCents(invoice.balance) <= 0) return `Paid in full: nothing is due. Thank you.${ask}`;
  const to = [brand.name, ...brand.addressLines].join(', ');
  return `Pay ${money(invoice.balance)} to ${to} by ${printDate(invoice.due_date)}, quoting invoice ${invoice.number}.${ask}`;
}

/**
 * The invoice as its customer gets it. A draft (the company previewing it in the console) renders the same, titled
 * as a draft, so that a copy of a preview is never taken for the invoice sent.
 */
export async function renderInvoicePdf(
  input: PdfInput & { billTo: BillTo | null; invoice: Omit<InvoiceDetail, 'status'> & { status: InvoiceStatus } },
): Promise<Buffer> {
  const { brand, invoice, billTo } = input;
  const draft = invoice.status === 'draft';
  const {
    doc,
    color,
    y: bodyTop,
  } = await firstPage(input, {
    documentTitle: `${draft ? 'Draft invoice' : 'Invoice'} ${invoice.number}`,
    title: draft ? 'DRAFT INVOICE' : 'INVOICE',
    facts: [
      ['Invoice number', invoice.number],
      ['Status', COMPANY_INVOICE_STATUS_LABELS[invoice.status]],
      ['Issue date', printDate(invoice.issue_date)],
      ['Due date', printDate(invoice.due_date)],
      ['Balance due', money(invoice.balance)],
    ],
    projectCaption: 'Project',
  });
  let y = bodyTop;
  if (billTo) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#475569')
      .text('Bill to', PAGE.margin, y - 4);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#0f172a')
      .text(billTo.name, PAGE.margin, doc.y + 1, { width: CONTENT_WIDTH });
    doc.font('Helvetica').fontSize(9).fillColor('#334155');
    for (const line of billTo.addressLines) doc.text(line, PAGE.margin, undefined, { width: CONTENT_WIDTH });
    y = doc.y + 12;
  }

  y = table(
    doc,
    y,
    [
      { label: 'Description', width: 272 },
      { label: 'Quantity', width: 70, align: 'right' },
      { label: 'Unit price', width: 85, align: 'right' },
      { label: 'Amount', width: 85, align: 'right' },
    ],
    invoice.lines.map((line) => [line.description, line.quantity, money(line.unit_price), money(line.amount)]),
    color,
  );
  y = totals(
    doc,
    y,
    [
      ['Subtotal', money(invoice.subtotal)],
      [`Tax (${Number(invoice.tax_rate)}%)`, money(invoice.tax)],
      ['Total', money(invoice.total)],
      ['Amount paid', money(invoice.amount_paid)],
      ['Balance due', money(invoice.balance)],
    ],
    4,
  );

  if (invoice.payments.length > 0) {
    y = heading(doc, y, 'Payments');
    y = table(
      doc,
      y,
      [
        { label: 'Date', width: 110 },
        { label: 'Method', width: 120 },
        { label: 'Reference', width: 182 },
        { label: 'Amount', width: 100, align: 'right' },
      ],
      invoice.payments.map((payment) => [printDate(payment.paid_on), payment.method, payment.reference ?? '', money(payment.amount)]),
      color,
    );
  }
  y = section(doc, y, 'How to pay', paymentText(brand, invoice));
  if (invoice.notes) y = section(doc, y, 'Notes', invoice.notes);
  if (invoice.terms) section(doc, y, 'Terms', invoice.terms);
  return finish(doc, `${brand.name} · Invoice ${invoice.number}`);
}

export async function renderStatementPdf(input: PdfInput & { statement: Statement }): Promise<Buffer> {
  const { brand, statement } = input;
  const {
    doc,
    color,
    y: bodyTop,
  } = await firstPage(input, {
    documentTitle: `Statement of account ${projectLine(input.project)}`,
    title: 'STATEMENT',
    facts: [
      ['Statement date', printDate(statement.as_of)],
      ['Total invoiced', money(statement.total_invoiced)],
      ['Total paid', money(statement.total_paid)],
      ['Balance due', money(statement.balance)],
    ],
    projectCaption: 'Statement of account for',
  });
  let y = bodyTop;

  y = table(
    doc,
    y,
    AGING_BUCKETS.map((bucket) => ({ label: AGING_BUCKET_LABELS[bucket], width: CONTENT_WIDTH / 6, align: 'right' as const })).concat({
      label: 'Balance due',
      width: CONTENT_WIDTH / 6,
      align: 'right',
    }),
    [[...AGING_BUCKETS.map((bucket) => money(statement.aging[bucket])), money(statement.balance)]],
    color,
  );

  y = heading(doc, y, 'Activity');
  y = table(
    doc,
    y,
    [
      { label: 'Date', width: 78 },
      { label: 'Description', width: 214 },
      { label: 'Charges', width: 72, align: 'right' },
      { label: 'Payments', width: 72, align: 'right' },
      { label: 'Balance', width: 76, align: 'right' },
    ],
    statement.entries.map((entry) => [
      printDate(entry.date),
      entry.description,
      entry.charge === null ? '' : money(entry.charge),
      entry.payment === null ? '' : money(entry.payment),
      money(entry.balance),
    ]),
    color,
  );
  if (statement.entries.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#334155')
      .text('No invoices yet.', PAGE.margin, y + 6);
    y = doc.y;
  }
  totals(doc, y, [
    ['Total invoiced', money(statement.total_invoiced)],
    ['Total paid', money(statement.total_paid)],
    ['Balance due', money(statement.balance)],
  ]);
  return finish(doc, `${brand.name} · Statement of account`);
}
