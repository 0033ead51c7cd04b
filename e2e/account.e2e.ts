import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../apps/server/test/smtp-server';
import { DEMO, storeToken } from './support/auth';
import { expectNoAxeViolations } from './support/page';
import { useMailingServer } from './support/mailing-server';

/** Its own server, sending mail to a real SMTP server the test reads: these tests change the demo users' passwords and addresses. */
const mailing = useMailingServer();

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };

async function open(path: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await mailing.browser.newContext({ baseURL: mailing.server.url, viewport });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${mailing.server.url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

async function signIn(email: string, password: string): Promise<string> {
  const { status, body } = await api('/auth/login', { body: { email, password } });
  expect(status).toBe(200);
  return body!.token as string;
}

const nextMail = (to: string, after: number) => mailing.smtp.waitFor((mail) => mail.to.includes(to) && mailing.smtp.messages.indexOf(mail) >= after);
const linkIn = (mail: ReceivedMail, page: string) => {
  const match = new RegExp(`https?://[^\\s"<>]+${page}\\?[^\\s"<>]+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${page} link in:\n${mail.text}`);
  return match[0];
};

describe('forgot password', () => {
  it('emails a link from /login, sets the new password and signs every other device out', async () => {
    const { email } = DEMO.customer;
    const elsewhere = await signIn(email, DEMO.customer.password);

    const { context, page } = await open('/login?theme=acme');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    expect(new URL(page.url()).searchParams.get('theme')).toBe('acme');
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);

    const sentAfter = mailing.smtp.messages.length;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account exists for that address' }).waitFor();
    const mail = await nextMail(email, sentAfter);
    expect(mail.subject).toBe('Choose a new password for Project portal – Acme Builders');
    await context.close();

    // The link, opened on a phone.
    const reset = await open(linkIn(mail, '/reset-password'), PHONE);
    await reset.page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    // The token leaves the address bar in an effect after the page is drawn: the heading can show before.
    await expect.poll(() => new URL(reset.page.url()).searchParams.has('token')).toBe(false);
    await expectNoAxeViolations(reset.page);

    await reset.page.getByLabel('New password', { exact: true }).fill('a new demo passphrase');
    await reset.page.getByLabel('Repeat the new password').fill('a new demo passphrasf');
    await reset.page.getByRole('button', { name: 'Save the new password' }).click();
    await reset.page.getByText('The two passwords do not match.').waitFor();

    await reset.page.getByLabel('New password', { exact: true }).fill('short');
    await reset.page.getByLabel('Repeat the new password').fill('short');
    await reset.page.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => reset.page.getByText('The password must be at least 8 characters.').isVisible()).toBe(true);
    await expectNoAxeViolations(reset.page);

    await reset.page.getByLabel('New password', { exact: true }).fill('a new demo passphrase');
    await reset.page.getByLabel('Repeat the new password').fill('a new demo passphrase');
    await reset.page.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => new URL(reset.page.url()).pathname).toBe('/');
    await reset.page.getByText('Password changed').first().waitFor();
    const fresh = await reset.page.evaluate(() => localStorage.getItem('cc_portal_token'));
    expect((await api('/auth/me', { token: fresh! })).status).toBe(200);
    expect((await api('/auth/me', { token: elsewhere })).status).toBe(401);
    expect((await api('/auth/login', { body: { email, password: DEMO.customer.password } })).status).toBe(422);
    await signIn(email, 'a new demo passphrase');

    // Used once, it is spent.
    await reset.page.goto(linkIn(mail, '/reset-password'));
    await reset.page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await reset.page.getByLabel('Repeat the new password').fill('yet another passphrase');
    await reset.page.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => reset.page.getByRole('alert').filter({ hasText: 'invalid, has expired or was already used' }).count()).toBe(1);
    await reset.context.close();
  });
});

describe('account settings', () => {
  it('are reached from the user menu and change the name, the password and (once confirmed) the email', async () => {
    const { email, password } = DEMO.neighbor;
    const token = await signIn(email, password);
    const elsewhere = await signIn(email, password);
    const context = await mailing.browser.newContext({ baseURL: mailing.server.url, viewport: DESKTOP });
    await storeToken(context, token);
    const page = await context.newPage();
    await page.goto('/');

    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    await expectNoAxeViolations(page);
    expect(await page.getByRole('link', { name: 'See where you are signed in' }).getAttribute('href')).toMatch(/^\/account\/sessions/);

    // Name.
    const name = page.getByRole('region', { name: 'Name' });
    await name.getByLabel('First name').fill('Nora');
    await name.getByLabel('Last name').fill('Neighbor');
    await name.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Name saved').first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Account menu/ }).textContent()).toContain('Nora Neighbor');

    // Password: the current one is checked; every other session is signed out, this one stays.
    const passwordSection = page.getByRole('region', { name: 'Password' });
    await passwordSection.getByLabel('Current password').fill('not my password');
    await passwordSection.getByLabel('New password', { exact: true }).fill('neighbor passphrase 2');
    await passwordSection.getByLabel('Repeat the new password').fill('neighbor passphrase 2');
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    await passwordSection.getByText('The current password is wrong.').waitFor();
    await passwordSection.getByLabel('Current password').fill(password);
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Every other device was signed out.').first().waitFor();
    expect((await api('/auth/me', { token: elsewhere })).status).toBe(401);
    expect((await api('/auth/me', { token })).status).toBe(200);

    // Email: nothing changes until the link sent to the new address is followed.
    const newEmail = 'nora.new@example.com';
    const sentAfter = mailing.smtp.messages.length;
    const emailSection = page.getByRole('region', { name: 'Email address' });
    await emailSection.getByLabel('New email address').fill(newEmail);
    await emailSection.getByLabel('Current password').fill('neighbor passphrase 2');
    await emailSection.getByRole('button', { name: 'Send a confirmation link' }).click();
    await emailSection.getByRole('status').filter({ hasText: 'We have sent a confirmation link to the new address' }).waitFor();
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    const mail = await nextMail(newEmail, sentAfter);
    expect(mail.to).toEqual([newEmail]);
    expect((await api('/auth/me', { token })).body).toMatchObject({ email });

    // Opened on another device where nobody is signed in.
    const confirm = await open(linkIn(mail, '/confirm-email'), PHONE);
    await confirm.page.getByRole('heading', { level: 1, name: 'Confirm your new email address' }).waitFor();
    await expectNoAxeViolations(confirm.page);
    await confirm.page.getByRole('button', { name: 'Confirm' }).click();
    await confirm.page
      .getByRole('status')
      .filter({ hasText: `Your email address is now ${newEmail}` })
      .waitFor();
    await expectNoAxeViolations(confirm.page);
    await confirm.context.close();

    expect((await api('/auth/me', { token })).body).toMatchObject({ email: newEmail, first_name: 'Nora' });
    await signIn(newEmail, 'neighbor passphrase 2');
    const notice = await nextMail(email, sentAfter);
    expect(notice.subject).toBe('Your Project portal email address was changed');

    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: 'Email address' }).textContent()).toContain(newEmail);
    await context.close();
  });
});
