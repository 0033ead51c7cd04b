import { LOGIN_TOKEN_TTL_MINUTES, DEFAULT_PORTAL_COLOR } from '@portal/contract';
import { cssColor, html, layout, textOn } from '../../core/mail/html';
import type { MailMessage } from '../../core/mail/mailer';

const PRODUCT = 'Project portal';

export interface Brand {
  code: string;
  companyName: string;
  color: string | null;
}

/** The page the link opens: it shows a "Continue" button, and only that click signs in. */
export function passwordlessLink(publicUrl: string, token: string, email: string, theme?: string): string {
  const query = new URLSearchParams({ token, email });
  if (theme) query.set('theme', theme);
  return `${publicUrl}/auth/passwordless/login?${query.toString()}`;
}

/** The staff console's sign-in link page: it shows a "Continue" button, and only that click signs in. */
export function staffPasswordlessLink(publicUrl: string, token: string): string {
  return `${publicUrl}/staff/passwordless?${new URLSearchParams({ token }).toString()}`;
}

/**
 * The sign-in message: the link and the code, in an HTML and a text part, branded when a theme was named. The staff
 * console's (`console`) signs in by the link alone: no code, and it names the console rather than the portal.
 */
export function passwordlessEmail(options: {
  to: string;
  firstName: string | null;
  link: string;
  code?: string | undefined;
  brand: Brand | null;
  console?: boolean;
}): MailMessage {
  const { brand, link, code } = options;
  const product = options.console ? 'the staff console' : PRODUCT;
  const portal = options.console ? `${brand ? `${brand.companyName} ` : ''}staff console` : brand ? `${brand.companyName} ${PRODUCT}` : PRODUCT;
  const subject = brand ? `Sign in to ${product} – ${brand.companyName}` : `Sign in to ${product}`;
  const greeting = options.firstName ? `Hello ${options.firstName},` : 'Hello,';
  const expiry = `The link${code ? ' and the code work' : ' works'} once and expire${code ? '' : 's'} in ${LOGIN_TOKEN_TTL_MINUTES} minutes.`;
  const ignore = 'If you did not ask to sign in, you can ignore this message: nobody can sign in without it.';
  const color = cssColor(brand?.color, DEFAULT_PORTAL_COLOR);

  const text = [
    greeting,
    '',
    `Use this link to sign in to the ${portal}:`,
    '',
    link,
    '',
    ...(code ? [`Or enter this code on the sign-in page: ${code}`, ''] : []),
    expiry,
    ignore,
    '',
    `– ${brand ? brand.companyName : PRODUCT}`,
    '',
  ].join('\n');

  const body = html`<p style="margin:0 0 16px">${greeting}</p>
    <p style="margin:0 0 24px">Use this button to sign in to the ${portal}:</p>
    <p style="margin:0 0 24px">
      <a
        href="${link}"
        style="display:inline-block;padding:12px 28px;border-radius:9999px;background:${color};color:${textOn(color)};font-weight:600;text-decoration:none"
        >Sign in</a
      >
    </p>
    ${code ? codeBlock(code) : ''}
    <p style="margin:0 0 8px;font-size:14px;color:#475569">${expiry}</p>
    <p style="margin:0 0 8px;font-size:14px;color:#475569">
      If the button does not work, copy this address into your browser:<br /><a href="${link}" style="color:#334155;word-break:break-all">${link}</a>
    </p>`;

  return {
    to: options.to,
    subject,
    text,
    html: layout({ title: subject, brand: brand ? brand.companyName : PRODUCT, color, body, footer: ignore }),
    outboxNote: { message: `sign-in link for ${options.to}: ${link}`, link },
  };
}

const codeBlock = (code: string) =>
  html`<p style="margin:0 0 8px">Or enter this code on the sign-in page:</p>
    <p style="margin:0 0 24px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:6px">${code}</p> `;
