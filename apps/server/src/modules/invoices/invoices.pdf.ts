import { AGING_BUCKET_LABELS, AGING_BUCKETS, COMPANY_INVOICE_STATUS_LABELS, type InvoiceDetail, type InvoiceStatus, type Statement } from '@portal/contract';
import { CONTENT_WIDTH, finish, firstPage, heading, money, PAGE, printDate, projectLine, section, table, totals, type PdfInput } from '../../core/pdf/kit';

/** The invoice and statement PDFs, on the company's letterhead (core/pdf/kit.ts). */

export { brandOf, logoLoader, pdfFileName, sendPdf, type PdfBrand, type PdfProject } from '../../core/pdf/kit';

/**
 * The invoice as its customer gets it. A draft (the company previewing it in the console) renders the same, titled
 * as a draft, so that a copy of a preview is never taken for the invoice sent.
 */
export async function renderInvoicePdf(input: PdfInput & { invoice: Omit<InvoiceDetail, 'status'> & { status: InvoiceStatus } }): Promise<Buffer> {
  const { brand, invoice } = input;
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
