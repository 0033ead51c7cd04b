import { INVITATION_TTL_DAYS, DEFAULT_PORTAL_COLOR } from '@portal/contract';
import { cssColor, layout, linkMessage } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import { headerSafe } from '../../core/mail/text';

/** "Join the staff console of Acme Builders": one button to the page that sets the password (docs/staff-console.md). */
export function staffInvitationEmail(options: { to: string; name: string; link: string; company: { name: string; color: string | null } }): MailMessage {
  const { company, link } = options;
  const subject = headerSafe(`Join the staff console of ${company.name}`);
  const color = cssColor(company.color, DEFAULT_PORTAL_COLOR);
  const { text, body } = linkMessage({
    greeting: `Hello ${options.name},`,
    lead: `${company.name} runs its customer portal from the staff console: projects, customers, notes, photos, documents and invoices. Choose your password to sign in.`,
    action: 'Choose your password',
    link,
    note: `The link works once and for ${INVITATION_TTL_DAYS} days; a newer invitation replaces it.`,
    color,
    signature: company.name,
  });
  return {
    to: options.to,
    subject,
    text,
    html: layout({ title: subject, brand: company.name, color, body, footer: `You receive this because ${company.name} added you to its staff.` }),
    outboxNote: { message: `staff invitation link for ${options.to}: ${link}`, link },
  };
}
