import { DEFAULT_PORTAL_COLOR } from '@portal/contract';
import { cssColor, html, layout } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import { consoleLink, officeReason, type OfficeRecipient } from '../../core/mail/office';
import { headerSafe, projectTitle } from '../../core/mail/text';

export interface ContactEmail {
  /** The project's primary rep, else the company's contact address (core/mail/office.ts). */
  recipient: OfficeRecipient;
  /** The message, opened in the console's inbox. */
  consoleUrl: string;
  from: { name: string; email: string };
  company: { name: string; color: string | null };
  project: { number: string | null; name: string | null; address_street: string | null } | null;
  subject: string;
  message: string;
}

/**
 * A contact-form message as the company's office receives it (the project's rep, else the contact address). The subject was refused with 422
 * if it held a line break; it is cleaned again here, so no header can ever be added through it.
 * Reply-To is the customer, so answering reaches them.
 */
export function contactEmail(options: ContactEmail): MailMessage {
  const subject = headerSafe(`Portal message: ${options.subject}`, 250);
  const color = cssColor(options.company.color, DEFAULT_PORTAL_COLOR);
  const about = options.project ? `about ${projectTitle(options.project)}` : null;
  const sender = `${options.from.name} <${options.from.email}>`;
  const link = consoleLink(options.consoleUrl);
  const footer = `${officeReason(options.company.name, options.recipient)} Reply to this email to answer ${options.from.name}.`;

  const text = [
    `${sender} sent a message${about ? ` ${about}` : ''}:`,
    '',
    `Subject: ${options.subject}`,
    '',
    options.message,
    '',
    link.text,
    '',
    `– ${footer}`,
    '',
  ].join('\n');

  const body = html`<p style="margin:0 0 16px">
      <strong>${options.from.name}</strong> (<a href="mailto:${options.from.email}" style="color:#334155">${options.from.email}</a>) sent a
      message${about ? html` ${about}` : ''}:
    </p>
    <p style="margin:0 0 8px;font-weight:600">${options.subject}</p>
    <div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f8fafc;white-space:pre-wrap;word-break:break-word">
      ${options.message}
    </div>
    ${link.html}`;

  return {
    to: options.recipient.to,
    replyTo: options.from.email,
    subject,
    text,
    html: layout({ title: subject, brand: options.company.name, color, body, footer }),
  };
}
