import { INVITATION_TTL_DAYS } from '@portal/contract';
import { cssColor, html, layout, textOn } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import { headerSafe } from '../../core/mail/text';

const DEFAULT_COLOR = '#2aa21d';

/** The page the invitation opens: it signs the customer in, then offers to choose a password. */
export function invitationLink(publicUrl: string, token: string, theme: string | null): string {
  const query = new URLSearchParams({ token });
  if (theme) query.set('theme', theme);
  return `${publicUrl}/invitation?${query.toString()}`;
}

/** "Acme Builders invites you to follow your project": one button, in the company's colour and name. */
export function invitationEmail(options: {
  to: string;
  firstName: string | null;
  link: string;
  company: { name: string; color: string | null; contactEmail: string | null };
}): MailMessage {
  const { company, link } = options;
  const subject = headerSafe(`${company.name} invites you to your project portal`);
  const greeting = options.firstName ? `Hello ${options.firstName},` : 'Hello,';
  const what = `${company.name} shares your project with you in its customer portal: its progress, notes, photos, invoices and documents in one place.`;
  const expiry = `The link works once and for ${INVITATION_TTL_DAYS} days. After that, sign in with your email address on the portal's sign-in page.`;
  const color = cssColor(company.color, DEFAULT_COLOR);
  const text = [greeting, '', what, '', 'Open your portal:', '', link, '', expiry, '', `– ${company.name}`, ''].join('\n');
  const body = html`<p style="margin:0 0 16px">${greeting}</p>
<p style="margin:0 0 24px">${what}</p>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;padding:12px 28px;border-radius:9999px;background:${color};color:${textOn(color)};font-weight:600;text-decoration:none">Open your portal</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">${expiry}</p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">If the button does not work, copy this address into your browser:<br><a href="${link}" style="color:#334155;word-break:break-all">${link}</a></p>`;
  return {
    to: options.to,
    subject,
    text,
    html: layout({ title: subject, brand: company.name, color, body, footer: `You receive this because ${company.name} added you as a customer.` }),
    ...(company.contactEmail ? { replyTo: company.contactEmail } : {}),
    outboxNote: { message: `invitation link for ${options.to}: ${link}`, link },
  };
}
