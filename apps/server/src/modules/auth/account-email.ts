import { EMAIL_CHANGE_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES, DEFAULT_PORTAL_COLOR } from '@portal/contract';
import { cssColor, html, layout, textOn } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';
import type { Brand } from './passwordless-email';

const PRODUCT = 'Project portal';

interface AccountMail {
  to: string;
  firstName: string | null;
  brand?: Brand | null;
  subject: string;
  /** The paragraphs before the button (or the whole message when there is none). */
  lines: string[];
  action?: { label: string; link: string; expiry: string };
  /** The closing line, also the HTML footer. */
  footer: string;
}

/** One shape for every account message: greeting, paragraphs, an optional button with its link spelled out. */
function accountMail(mail: AccountMail): MailMessage {
  const brand = mail.brand ?? null;
  const subject = brand ? `${mail.subject} – ${brand.companyName}` : mail.subject;
  const greeting = mail.firstName ? `Hello ${mail.firstName},` : 'Hello,';
  const color = cssColor(brand?.color, DEFAULT_PORTAL_COLOR);
  const { action } = mail;

  const text = [
    greeting,
    '',
    ...mail.lines.flatMap((line) => [line, '']),
    ...(action ? [action.link, '', action.expiry] : []),
    mail.footer,
    '',
    `– ${brand ? brand.companyName : PRODUCT}`,
    '',
  ].join('\n');

  const paragraphs = mail.lines.map((line) => html`<p style="margin:0 0 16px">${line}</p>`);
  const button = action
    ? html`<p style="margin:8px 0 24px">
          <a
            href="${action.link}"
            style="display:inline-block;padding:12px 28px;border-radius:9999px;background:${color};color:${textOn(color)};font-weight:600;text-decoration:none"
            >${action.label}</a
          >
        </p>
        <p style="margin:0 0 8px;font-size:14px;color:#475569">${action.expiry}</p>
        <p style="margin:0 0 8px;font-size:14px;color:#475569">
          If the button does not work, copy this address into your browser:<br /><a href="${action.link}" style="color:#334155;word-break:break-all"
            >${action.link}</a
          >
        </p>`
    : html``;
  const body = html`<p style="margin:0 0 16px">${greeting}</p>
    ${paragraphs}${button}`;

  return {
    to: mail.to,
    subject,
    text,
    html: layout({ title: subject, brand: brand ? brand.companyName : PRODUCT, color, body, footer: mail.footer }),
    ...(action ? { outboxNote: { message: `${mail.subject.toLowerCase()} link for ${mail.to}: ${action.link}`, link: action.link } } : {}),
  };
}

function pageLink(publicUrl: string, page: string, token: string, theme?: string | undefined): string {
  const query = new URLSearchParams({ token });
  if (theme) query.set('theme', theme);
  return `${publicUrl}${page}?${query.toString()}`;
}

export function passwordResetEmail(options: { publicUrl: string; to: string; firstName: string | null; token: string; brand: Brand | null }): MailMessage {
  return accountMail({
    to: options.to,
    firstName: options.firstName,
    brand: options.brand,
    subject: `Choose a new password for ${PRODUCT}`,
    lines: ['Someone, probably you, asked to choose a new password for your account. Use this link to choose it:'],
    action: {
      label: 'Choose a new password',
      link: pageLink(options.publicUrl, '/reset-password', options.token, options.brand?.code),
      expiry: `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. Choosing a new password signs you out on every device.`,
    },
    footer: 'If you did not ask for this, you can ignore this message: your password stays as it is.',
  });
}

export function emailChangeEmail(options: { publicUrl: string; to: string; firstName: string | null; token: string }): MailMessage {
  return accountMail({
    to: options.to,
    firstName: options.firstName,
    subject: `Confirm your new email address for ${PRODUCT}`,
    lines: [`You asked to use ${options.to} for your ${PRODUCT} account. Confirm it with this link:`],
    action: {
      label: 'Confirm this address',
      link: pageLink(options.publicUrl, '/confirm-email', options.token),
      expiry: `The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. Until you open it, your account keeps its old address.`,
    },
    footer: 'If you did not ask for this, you can ignore this message: nothing changes.',
  });
}

/** To an address that already has an account: the change was asked for, and cannot happen. */
export function emailInUseNotice(options: { to: string; firstName: string | null }): MailMessage {
  return accountMail({
    to: options.to,
    firstName: options.firstName,
    subject: `Your email address and ${PRODUCT}`,
    lines: [`Someone asked to move another ${PRODUCT} account to ${options.to}. This address already belongs to your account, so nothing was changed.`],
    footer: 'You do not need to do anything.',
  });
}

/** To the old address once the change is made, so a change nobody asked for does not go unnoticed. */
export function emailChangedNotice(options: { to: string; firstName: string | null; newEmail: string }): MailMessage {
  return accountMail({
    to: options.to,
    firstName: options.firstName,
    subject: `Your ${PRODUCT} email address was changed`,
    lines: [`Your ${PRODUCT} account now uses ${options.newEmail}. Messages about your projects go there from now on.`],
    footer: 'If you did not make this change, contact the company that invited you to the portal.',
  });
}
