import { DEFAULT_PORTAL_COLOR } from '@portal/contract';
import { cssColor, html } from '../../core/mail/html';
import type { NoticeContent } from '../../core/mail/notices';
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
