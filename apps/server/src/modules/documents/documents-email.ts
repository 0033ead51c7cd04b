import { DEFAULT_PORTAL_COLOR } from '@portal/contract';
import { cssColor, html, layout } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import type { NoticeContent } from '../../core/mail/notices';
import { consoleLink, officeReason, type OfficeRecipient } from '../../core/mail/office';
import { headerSafe, projectTitle } from '../../core/mail/text';

/** "New document: Contract.pdf, on Kitchen remodel": the document notice each customer of the project receives. */
export function documentSharedNotice(options: {
  company: { name: string; color: string | null };
  project: { number: string | null; name: string | null; address_street: string | null };
  document: { name: string };
  documentsUrl: string;
}): NoticeContent {
  const title = projectTitle(options.project);
  const subject = headerSafe(`New document: ${options.document.name}, on ${title}`);
  const color = cssColor(options.company.color, DEFAULT_PORTAL_COLOR);
  const text = [`${options.company.name} shared ${options.document.name} on ${title}.`, '', `See it in the portal: ${options.documentsUrl}`].join('\n');
  const body = html`<p style="margin:0 0 16px">${options.company.name} shared <strong>${options.document.name}</strong> on <strong>${title}</strong>.</p>
    <p style="margin:0 0 8px"><a href="${options.documentsUrl}" style="color:${color};font-weight:600">See it in the portal</a></p>`;
  return { subject, text, html: body, footer: `Sent by the ${options.company.name} customer portal because this project is shared with you.` };
}

/** What the office gets when a customer uploads a document: who, which file, which project, and a link to the project's documents in the console. */
export function documentUploadedEmail(options: {
  recipient: OfficeRecipient;
  company: { name: string; color: string | null };
  project: { number: string | null; name: string | null; address_street: string | null };
  customer: { name: string; email: string };
  document: { name: string };
  consoleUrl: string;
}): MailMessage {
  const { customer, document } = options;
  const title = projectTitle(options.project);
  const subject = headerSafe(`New document from ${customer.name} on ${title}: ${document.name}`, 250);
  const color = cssColor(options.company.color, DEFAULT_PORTAL_COLOR);
  const link = consoleLink(options.consoleUrl, 'See it in the staff console');
  const footer = `${officeReason(options.company.name, options.recipient)} Answer this email to write to ${customer.name}.`;
  const text = [`${customer.name} <${customer.email}> uploaded ${document.name} to ${title}.`, '', link.text, '', `– ${footer}`, ''].join('\n');
  const body = html`<p style="margin:0 0 16px">
      <strong>${customer.name}</strong> (<a href="mailto:${customer.email}" style="color:#334155">${customer.email}</a>) uploaded
      <strong>${document.name}</strong> to <strong>${title}</strong>.
    </p>
    ${link.html}`;
  return {
    to: options.recipient.to,
    replyTo: customer.email,
    subject,
    text,
    html: layout({ title: subject, brand: options.company.name, color, body, footer }),
  };
}
