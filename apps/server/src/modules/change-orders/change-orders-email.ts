import { DEFAULT_PORTAL_COLOR, formatChangeOrderNumber, formatUsd, toCents } from '@portal/contract';
import { cssColor, html, layout } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import { consoleLink, officeReason, type OfficeRecipient } from '../../core/mail/office';
import { headerSafe, projectTitle } from '../../core/mail/text';

type Company = { name: string; color: string | null };
type Project = { number: string | null; name: string | null; address_street: string | null };
type ChangeOrder = { number: number; version: number; title: string; total: string };

/** An amount as the office reads it: a credit says so. */
const amountText = (total: string) => {
  const cents = toCents(total);
  return cents < 0 ? `a credit of ${formatUsd(-cents)}` : formatUsd(cents);
};

/**
 * What the company's office is told when a customer answers a change order: the project's primary rep, else the
 * company's contact address (core/mail/office.ts), with a link to the change order in the console. Reply-To is the
 * customer. The same message as a proposal's answer (modules/proposals/proposals-email.ts), for a change order.
 */
export function changeOrderAnsweredEmail(options: {
  recipient: OfficeRecipient;
  consoleUrl: string;
  company: Company;
  project: Project | null;
  changeOrder: ChangeOrder;
  customer: { name: string; email: string };
  answer: { kind: 'approved'; signerName: string; total: string; invoiceNumber: string | null } | { kind: 'declined'; reason: string | null };
}): MailMessage {
  const { company, changeOrder, customer, answer } = options;
  const reference = formatChangeOrderNumber(changeOrder.number, changeOrder.version);
  const verb = answer.kind;
  const subject = headerSafe(`Change order ${reference} ${verb} by ${customer.name}`, 250);
  const color = cssColor(company.color, DEFAULT_PORTAL_COLOR);
  const about = options.project ? ` on ${projectTitle(options.project)}` : '';
  const link = consoleLink(options.consoleUrl, 'See the change order in the staff console');
  const footer = `${officeReason(company.name, options.recipient)} Reply to this email to answer ${customer.name}.`;
  const lines =
    answer.kind === 'approved'
      ? [
          `Signed as "${answer.signerName}" for ${amountText(answer.total)}.`,
          ...(answer.invoiceNumber ? [`Invoice ${answer.invoiceNumber} was made and sent to the customer.`] : []),
          'The signed PDF and the evidence are on the change order in the console.',
        ]
      : [answer.reason ? `Their reason: ${answer.reason}` : 'They gave no reason.'];
  const text = [
    `${customer.name} <${customer.email}> ${verb} change order ${reference}, "${changeOrder.title}"${about}.`,
    '',
    ...lines,
    '',
    link.text,
    '',
    `– ${footer}`,
    '',
  ].join('\n');
  const body = html`<p style="margin:0 0 16px">
      <strong>${customer.name}</strong> (<a href="mailto:${customer.email}" style="color:#334155">${customer.email}</a>) ${verb} change order
      <strong>${reference}</strong>, ${changeOrder.title}${about}.
    </p>
    <div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f8fafc;white-space:pre-wrap;word-break:break-word">
      ${lines.join('\n')}
    </div>
    ${link.html}`;
  return { to: options.recipient.to, replyTo: customer.email, subject, text, html: layout({ title: subject, brand: company.name, color, body, footer }) };
}
