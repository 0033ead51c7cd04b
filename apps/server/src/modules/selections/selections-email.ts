import { DEFAULT_PORTAL_COLOR, formatUsd, toCents } from '@portal/contract';
import type { AllowanceMoney } from '../../core/allowances/allowance-money';
import { cssColor, html, layout } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import { consoleLink, officeReason, type OfficeRecipient } from '../../core/mail/office';
import { headerSafe, projectTitle } from '../../core/mail/text';

type Company = { name: string; color: string | null };
type Project = { number: string | null; name: string | null; address_street: string | null };

/** What the choice means for the allowance's money, in the office's words; none without an allowance. */
function allowanceLines(allowance: { name: string; money: AllowanceMoney } | null, sentChangeOrder: boolean): string[] {
  if (!allowance) return [];
  const { money } = allowance;
  const difference = toCents(money.difference);
  const against = `the ${formatUsd(toCents(money.amount))} allowance for ${allowance.name}`;
  const lines = [
    difference === 0
      ? `What is chosen matches ${against}.`
      : `What is chosen is ${formatUsd(Math.abs(difference))} ${difference > 0 ? 'over' : 'under'} ${against}.`,
  ];
  if (toCents(money.outstanding) > 0) {
    lines.push(
      sentChangeOrder
        ? 'A change order for the difference was sent to the customer.'
        : 'A change order draft carries the difference: check it and send it from the staff console.',
    );
  } else if (toCents(money.outstanding) < 0) {
    lines.push('You may carry the credit as a change order from the staff console.');
  }
  return lines;
}

/**
 * What the company's office is told when a customer chooses an option of a selection: the project's primary rep, else
 * the company's contact address (core/mail/office.ts), with a link to the selection in the console. Reply-To is the
 * customer. The same shape as a change order's answer (modules/change-orders/change-orders-email.ts).
 */
export function selectionChosenEmail(options: {
  recipient: OfficeRecipient;
  consoleUrl: string;
  company: Company;
  project: Project | null;
  selection: { title: string };
  option: { title: string; price: string };
  signerName: string;
  customer: { name: string; email: string };
  allowance: { name: string; money: AllowanceMoney } | null;
  sentChangeOrder: boolean;
}): MailMessage {
  const { company, selection, option, customer } = options;
  const subject = headerSafe(`${customer.name} chose ${option.title} for ${selection.title}`, 250);
  const color = cssColor(company.color, DEFAULT_PORTAL_COLOR);
  const about = options.project ? ` on ${projectTitle(options.project)}` : '';
  const link = consoleLink(options.consoleUrl, 'See the selection in the staff console');
  const footer = `${officeReason(company.name, options.recipient)} Reply to this email to answer ${customer.name}.`;
  const price = formatUsd(toCents(option.price));
  const lines = [`Signed as "${options.signerName}".`, ...allowanceLines(options.allowance, options.sentChangeOrder)];
  const text = [
    `${customer.name} <${customer.email}> chose "${option.title}" (${price}) for the selection "${selection.title}"${about}.`,
    '',
    ...lines,
    '',
    link.text,
    '',
    `– ${footer}`,
    '',
  ].join('\n');
  const body = html`<p style="margin:0 0 16px">
      <strong>${customer.name}</strong> (<a href="mailto:${customer.email}" style="color:#334155">${customer.email}</a>) chose
      <strong>${option.title}</strong> (${price}) for the selection <strong>${selection.title}</strong>${about}.
    </p>
    <div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f8fafc;white-space:pre-wrap;word-break:break-word">
      ${lines.join('\n')}
    </div>
    ${link.html}`;
  return { to: options.recipient.to, replyTo: customer.email, subject, text, html: layout({ title: subject, brand: company.name, color, body, footer }) };
}
