import { DEFAULT_PORTAL_COLOR } from '@portal/contract';
import { cssColor, html, layout } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import type { NoticeContent } from '../../core/mail/notices';
import { consoleLink, officeReason, type OfficeRecipient } from '../../core/mail/office';
import { headerSafe, projectTitle } from '../../core/mail/text';

export interface NewNoteEmail {
  /** The primary rep, else the company's contact address (core/mail/office.ts). */
  recipient: OfficeRecipient;
  replyTo?: string | undefined;
  /** The project's notes in the staff console. */
  consoleUrl: string;
  company: { name: string; color: string | null };
  project: { number: string | null; name: string | null; address_street: string | null };
  authorName: string;
  body: string;
  attachmentNames: string[];
}

/** What the office gets when a customer posts a note: text and HTML, every value escaped, with a link to the thread in the console. */
export function newNoteEmail(options: NewNoteEmail): MailMessage {
  const title = projectTitle(options.project);
  const subject = headerSafe(`New note from ${options.authorName} on ${title}`);
  const color = cssColor(options.company.color, DEFAULT_PORTAL_COLOR);
  const files = options.attachmentNames.length > 0 ? `Attached: ${options.attachmentNames.join(', ')}` : null;
  const link = consoleLink(options.consoleUrl, 'Answer it in the staff console');
  const footer = `${officeReason(options.company.name, options.recipient)} Answer in the console, or answer this email to write to the customer.`;

  const text = [`${options.authorName} wrote a note on ${title}:`, '', options.body, '', ...(files ? [files, ''] : []), link.text, '', `– ${footer}`, ''].join(
    '\n',
  );

  const body = html`<p style="margin:0 0 16px"><strong>${options.authorName}</strong> wrote a note on <strong>${title}</strong>:</p>
    <div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f8fafc;white-space:pre-wrap;word-break:break-word">
      ${options.body}
    </div>
    ${files ? html`<p style="margin:0 0 8px;font-size:14px;color:#475569">${files}</p>` : ''} ${link.html}`;

  return {
    to: options.recipient.to,
    ...(options.replyTo ? { replyTo: options.replyTo } : {}),
    subject,
    text,
    html: layout({ title: subject, brand: options.company.name, color, body, footer }),
  };
}

export interface CompanyNoteNotice {
  company: { name: string; color: string | null };
  project: NewNoteEmail['project'];
  /** The staff member who wrote it, or the company's name. */
  authorName: string;
  body: string;
  /** Where the customer reads and answers the thread: the portal's notes page for their own entity. */
  threadUrl: string;
}

/**
 * The notice a customer gets when the company adds a note shared with the portal on one of their projects; the
 * notices service (core/mail/notices.ts) frames it and adds the unsubscribe links.
 */
export function companyNoteNotice(options: CompanyNoteNotice): NoticeContent {
  const title = projectTitle(options.project);
  const subject = headerSafe(`New note from ${options.authorName} on ${title}`);
  const color = cssColor(options.company.color, DEFAULT_PORTAL_COLOR);
  const footer = `Sent by the ${options.company.name} customer portal because this project is shared with you. Answer in the portal, where the whole conversation is kept.`;

  const text = [`${options.authorName} wrote a note on ${title}:`, '', options.body, '', `Read and answer it in the portal: ${options.threadUrl}`].join('\n');

  const body = html`<p style="margin:0 0 16px"><strong>${options.authorName}</strong> wrote a note on <strong>${title}</strong>:</p>
    <div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${color};background:#f8fafc;white-space:pre-wrap;word-break:break-word">
      ${options.body}
    </div>
    <p style="margin:0 0 8px"><a href="${options.threadUrl}" style="color:#0f172a;font-weight:600">Read and answer it in the portal</a></p>`;

  return { subject, text, html: body, footer };
}
