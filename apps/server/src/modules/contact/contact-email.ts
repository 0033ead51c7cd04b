import { DEFAULT_PORTAL_COLOR } from '@portal/contract';
import { cssColor, html, layout } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import { headerSafe, projectTitle } from '../../core/mail/text';

export interface ContactEmail {
  to: string;
  from: { name: string; email: string };
  company: { name: string; color: string | null };
  project: { number: string | null; name: string | null; address_street: string | null } | null;
  subject: string;
  message: string;
}

/**
 * A contact-form message as the company's office receives it. The subject was refused with 422
 * if it held a line break; it is cleaned again here, so no header can ever be added through it.
 * Reply-To is the customer, so answering reaches them.
 */
export function contactEmail(options: ContactEmail): MailMessage {
  const subject = headerSafe(`Portal message: ${options.subject}`, 250);
  const color = cssColor(options.company.color, DEFAULT_PORTAL_COLOR);
  const about = options.project ? `about ${projectTitle(options.project)}` : null;
  const sender = `${options.from.name} <${options.from.email}>`;
  const footer = `Sent through the ${options.company.name} customer portal. Reply to this email to answer ${options.from.name}.`;

  const text = [`${sender} sent a message${about ? ` ${about}` : ''}:`, '', `Subject: ${options.subject}`, '', options.message, '', `– ${footer}`, ''].join(
    '\n',
  );

  const body = html`<p style="margin:0 0 16px">
      <strong>${options.from.name}</strong> (<a href="mailto:${options.from.email}" style="color:#334155">${options.from.email}</a>) sent a
      message${about ? html` ${about}` : ''}:
    </p>
    <p style="margin:0 0 8px;font-weight:600">${options.subject}</p>
    <div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f8fafc;white-space:pre-wrap;word-break:break-word">
      ${options.message}
    </div>`;

  return {
    to: options.to,
    replyTo: options.from.email,
    subject,
    text,
    html: layout({ title: subject, brand: options.company.name, color, body, footer }),
  };
}
