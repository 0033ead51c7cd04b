import { DEFAULT_PORTAL_COLOR, formatUsd, toCents } from '@portal/contract';
import { cssColor, html } from './html';
import type { NoticeContent, NoticeEvent } from './notices';
import { headerSafe, projectTitle } from './text';

/**
 * The email a sent invoice makes (docs/requirements.md 14 and 18.4): the invoices module's send and a change order's
 * approval that invoices (core/new-invoices.ts) tell the project's customers the same way.
 */

export interface InvoiceSentNotice {
  company: { name: string; color: string | null };
  project: { number: string | null; name: string | null; address_street: string | null };
  invoice: { number: string; totalCents: number; dueDate: string };
  /** The invoice on the portal's invoices page, under the recipient's own entity. */
  invoiceUrl: string;
}

/** "2026-03-02" → "March 2, 2026": a calendar date as an American reads it, without a time zone to shift it. */
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/** What a customer is told when the company sends an invoice on one of their projects; every value escaped. */
export function invoiceSentNotice(options: InvoiceSentNotice): NoticeContent {
  const title = projectTitle(options.project);
  const amount = formatUsd(options.invoice.totalCents);
  const subject = headerSafe(`Invoice ${options.invoice.number} for ${amount} from ${options.company.name}`);
  const color = cssColor(options.company.color, DEFAULT_PORTAL_COLOR);
  const due = longDate(options.invoice.dueDate);
  const footer = `Sent by the ${options.company.name} customer portal because this project is shared with you.`;

  const text = [
    `${options.company.name} sent you invoice ${options.invoice.number} for ${amount} on ${title}, due ${due}.`,
    '',
    `See the invoice, its payments and the PDF in the portal: ${options.invoiceUrl}`,
  ].join('\n');

  const body = html`<p style="margin:0 0 16px">
      <strong>${options.company.name}</strong> sent you invoice <strong>${options.invoice.number}</strong> on <strong>${title}</strong>.
    </p>
    <div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f8fafc">
      <p style="margin:0 0 4px;font-size:20px;font-weight:600">${amount}</p>
      <p style="margin:0;color:#475569">Due ${due}</p>
    </div>
    <p style="margin:0 0 8px"><a href="${options.invoiceUrl}" style="color:#0f172a;font-weight:600">See the invoice in the portal</a></p>`;

  return { subject, text, html: body, footer };
}

/**
 * Everyone the project is shared with hears of the invoice, each with a link to it under their own entity; the notices
 * service leaves out whoever turned invoice emails off, everyone while the company has invoicing switched off, and
 * anyone already told of this invoice. Hand it to `app.notices.send` once the invoice is written.
 */
export function invoiceSentEvent(options: {
  company: { id: number; name: string; color: string | null };
  project: InvoiceSentNotice['project'];
  invoice: { id: number; project_id: number; number: string; total: string; due_date: string };
  publicUrl: string;
}): NoticeEvent {
  const { company, project, invoice } = options;
  return {
    kind: 'invoice',
    recordId: invoice.id,
    companyId: company.id,
    projectId: invoice.project_id,
    build: (recipient) =>
      invoiceSentNotice({
        company,
        project,
        invoice: { number: invoice.number, totalCents: toCents(invoice.total), dueDate: invoice.due_date },
        invoiceUrl: `${options.publicUrl}/invoices?entity=${recipient.entityId}&invoice=${invoice.id}`,
      }),
  };
}
