import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../apps/server/test/smtp-server';
import { DEMO } from './support/auth';
import { expectNoAxeViolations } from './support/page';
import { useMailingServer } from './support/mailing-server';

/** Its own server, sending mail to a real SMTP server the test reads. */
const mailing = useMailingServer();

async function open(path: string) {
  const context = await mailing.browser.newContext({ baseURL: mailing.server.url });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

async function requestEmail(page: Page, email: string) {
  const sentAfter = mailing.smtp.messages.length;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await page.getByRole('status').filter({ hasText: 'is on its way' }).waitFor();
  return mailing.smtp.waitFor((mail) => mail.to.includes(email) && mailing.smtp.messages.indexOf(mail) >= sentAfter);
}

const linkIn = (mail: ReceivedMail) => {
  const match = /https?:\/\/[^\s"<>]+\/auth\/passwordless\/login\?[^\s"<>]+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in:\n${mail.text}`);
  return match[0].replaceAll('&amp;', '&');
};
const codeIn = (mail: ReceivedMail) => /\b(\d{3}[ -]?\d{3})\b/.exec(mail.text ?? '')?.[1]?.replace(/\D/g, '');

describe('signing in by email', () => {
  it('by the link: opening it signs nobody in, only the Continue click does', async () => {
    const { context, page } = await open('/auth/passwordless/login?theme=acme');
    await page.getByText('Acme Builders', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    const mail = await requestEmail(page, DEMO.customer.email);
    expect(mail.subject).toContain('Acme Builders');
    expect(mail.html).toBeTruthy();
    const link = new URL(linkIn(mail));
    expect(link.origin).toBe(mailing.server.url);

    const visitor = await mailing.browser.newContext();
    const linkPage = await visitor.newPage();
    await linkPage.goto(link.href);
    await linkPage.getByRole('button', { name: 'Continue' }).waitFor();
    // The token leaves the address bar once read, in an effect after the page is drawn: the button can show before.
    await expect.poll(() => new URL(linkPage.url()).searchParams.has('token')).toBe(false);
    expect(await linkPage.evaluate(() => localStorage.getItem('cc_portal_token'))).toBeNull();
    await expectNoAxeViolations(linkPage);

    await linkPage.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => new URL(linkPage.url()).pathname).toBe('/');
    expect(new URL(linkPage.url()).searchParams.get('theme')).toBe('acme');
    expect(await linkPage.evaluate(() => localStorage.getItem('cc_portal_token'))).toMatch(/^\d+\./);
    await visitor.close();

    // The link is single use.
    const again = await mailing.browser.newContext();
    const againPage = await again.newPage();
    await againPage.goto(link.href);
    await againPage.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => againPage.getByRole('alert').textContent()).toContain('invalid');
    await again.close();
    await context.close();
  });

  it('by the code, typed on the same page', async () => {
    const { context, page } = await open('/auth/passwordless/login?entity=1');
    const mail = await requestEmail(page, DEMO.customer.email);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('6-digit code').fill(code!);
    await page.getByRole('button', { name: 'Sign in with the code' }).click();
    await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe('/?entity=1');
    await context.close();
  });

  it('asks for the email once: the code step uses the address typed before', async () => {
    const { context, page } = await open('/auth/passwordless/login');
    // The page is drawn once its bundle has loaded: count its fields then, not before.
    await page.getByRole('button', { name: 'I already have a code' }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(1);
    await page.getByRole('button', { name: 'I already have a code' }).click();
    // Nothing typed yet: the one email field says so, and nothing moves on.
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Type your email address first.').waitFor();

    const mail = await requestEmail(page, DEMO.customer.email);
    expect(await page.getByRole('textbox').count()).toBe(1);
    expect(await page.getByLabel(/email/i).count()).toBe(0);
    await expectNoAxeViolations(page);

    // Back to the first step, then straight to the code with the same address.
    await page.getByRole('button', { name: 'Use another email' }).click();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(DEMO.customer.email);
    await page.getByRole('button', { name: 'I already have a code' }).click();
    await page.getByLabel('6-digit code').fill(codeIn(mail)!);
    await page.getByRole('button', { name: 'Sign in with the code' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a wrong code is refused clearly', async () => {
    const { context, page } = await open('/auth/passwordless/login');
    await requestEmail(page, DEMO.neighbor.email);
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Sign in with the code' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'code' }).count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/auth/passwordless/login');
    await context.close();
  });

  it('answers the same for an address with no account, and sends nothing', async () => {
    const { context, page } = await open('/auth/passwordless/login');
    const before = mailing.smtp.messages.length;
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByRole('status').filter({ hasText: 'is on its way' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailing.smtp.messages.length).toBe(before);
    await context.close();
  });
});
