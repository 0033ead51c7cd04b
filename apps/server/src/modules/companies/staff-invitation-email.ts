import { INVITATION_TTL_DAYS } from '@portal/contract';
import { cssColor, html, layout, textOn } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import { headerSafe } from '../../core/mail/text';

const DEFAULT_COLOR = '#2aa21d';

/** "Join the staff console of Acme Builders": one button to the page that sets the password (docs/staff-console.md). */
export function staffInvitationEmail(options: { to: string; name: string; link: string; company: { name: string; color: string | null } }): MailMessage {
  const { company, link } = options;
  const subject = headerSafe(`Join the staff console of ${company.name}`);
  const greeting = `Hello ${options.name},`;
  const what = `${company.name} runs its customer portal from the staff console: projects, customers, notes, photos, documents and invoices. Choose your password to sign in.`;
  const expiry = `The link works once and for ${INVITATION_TTL_DAYS} days; a newer invitation replaces it.`;
  const color = cssColor(company.color, DEFAULT_COLOR);
  const text = [greeting, '', what, '', 'Choose your password:', '', link, '', expiry, '', `– ${company.name}`, ''].join('\n');
  const body = html`<p style="margin:0 0 16px">${greeting}</p>
<p style="margin:0 0 24px">${what}</p>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;padding:12px 28px;border-radius:9999px;background:${color};color:${textOn(color)};font-weight:600;text-decoration:none">Choose your password</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">${expiry}</p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">If the button does not work, copy this address into your browser:<br><a href="${link}" style="color:#334155;word-break:break-all">${link}</a></p>`;
  return {
    to: options.to,
    subject,
    text,
    html: layout({ title: subject, brand: company.name, color, body, footer: `You receive this because ${company.name} added you to its staff.` }),
    outboxNote: { message: `staff invitation link for ${options.to}: ${link}`, link },
  };
}
