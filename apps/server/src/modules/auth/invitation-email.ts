import { INVITATION_TTL_DAYS, DEFAULT_PORTAL_COLOR } from '@portal/contract';
import { cssColor, layout, linkMessage } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import { headerSafe } from '../../core/mail/text';

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
  const color = cssColor(company.color, DEFAULT_PORTAL_COLOR);
  const { text, body } = linkMessage({
    greeting: options.firstName ? `Hello ${options.firstName},` : 'Hello,',
    lead: `${company.name} shares your project with you in its customer portal: its progress, notes, photos, invoices and documents in one place.`,
    action: 'Open your portal',
    link,
    note: `The link works once and for ${INVITATION_TTL_DAYS} days. After that, sign in with your email address on the portal's sign-in page.`,
    color,
    signature: company.name,
  });
  return {
    to: options.to,
    subject,
    text,
    html: layout({ title: subject, brand: company.name, color, body, footer: `You receive this because ${company.name} added you as a customer.` }),
    ...(company.contactEmail ? { replyTo: company.contactEmail } : {}),
    outboxNote: { message: `invitation link for ${options.to}: ${link}`, link },
  };
}
