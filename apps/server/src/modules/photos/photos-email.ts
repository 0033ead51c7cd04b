import { DEFAULT_PORTAL_COLOR } from '@portal/contract';
import { cssColor, html } from '../../core/mail/html';
import type { NoticeContent } from '../../core/mail/notices';
import { headerSafe, projectTitle } from '../../core/mail/text';

/** "New photos: Demolition, on Kitchen remodel": the album notice each customer of the project receives. */
export function albumSharedNotice(options: {
  company: { name: string; color: string | null };
  project: { number: string | null; name: string | null; address_street: string | null };
  album: { name: string; photoCount: number };
  albumUrl: string;
}): NoticeContent {
  const title = projectTitle(options.project);
  const subject = headerSafe(`New photos: ${options.album.name}, on ${title}`);
  const count = options.album.photoCount === 1 ? '1 photo' : `${options.album.photoCount} photos`;
  const color = cssColor(options.company.color, DEFAULT_PORTAL_COLOR);
  const text = [`${options.company.name} shared the album ${options.album.name} (${count}) on ${title}.`, '', `See it in the portal: ${options.albumUrl}`].join(
    '\n',
  );
  const body = html`<p style="margin:0 0 16px">
      ${options.company.name} shared the album <strong>${options.album.name}</strong> (${count}) on <strong>${title}</strong>.
    </p>
    <p style="margin:0 0 8px"><a href="${options.albumUrl}" style="color:${color};font-weight:600">See it in the portal</a></p>`;
  return { subject, text, html: body, footer: `Sent by the ${options.company.name} customer portal because this project is shared with you.` };
}
