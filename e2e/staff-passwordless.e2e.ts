import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF_MESSAGES } from '@portal/contract';
import { STAFF_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../apps/server/test/smtp-server';
import { useMailingServer } from './support/mailing-server';
import { expectNoAxeViolations, newPage, settledScreenshot } from './support/page';
import { createCompany } from './support/staff';

/**
 * The console's passwordless sign-in (docs/staff-console.md): from /staff/login the owner asks for a link, the email
 * arrives in the company's name, and the link signs them in to the console (never to the portal), once.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');
const mailing = useMailingServer();
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

const linkIn = (mail: ReceivedMail) => {
  const match = /https?:\/\/[^\s"<>]+\/staff\/passwordless\?[^\s"<>]+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in:\n${mail.text}`);
  return new URL(match[0].replaceAll('&amp;', '&'));
};

describe('staff passwordless sign-in', () => {
  it('emails the owner a link that signs them in to the console, once', async () => {
    await createCompany(mailing.server, { name: 'Harbor Roofing', ownerEmail: 'owner@harbor.example', ownerName: 'Hana Harbor', color: '#0f766e' });
    const { context, page } = await newPage(mailing.browser, { width: 375, height: 800, baseURL: mailing.server.url });
    await page.goto('/staff/login');
    await page.getByRole('link', { name: 'Email me a sign-in link instead' }).click();
    await poll(() => page.getByRole('heading', { level: 1, name: 'Email me a sign-in link' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    const sentAfter = mailing.smtp.messages.length;
    await page.getByLabel('Email', { exact: true }).fill('owner@harbor.example');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await poll(() => page.getByRole('status').textContent()).toBe(STAFF_MESSAGES.passwordlessSent);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-passwordless-375.png') });
    await context.close();

    const mail = await mailing.smtp.waitFor((message) => message.to.includes('owner@harbor.example') && mailing.smtp.messages.indexOf(message) >= sentAfter);
    expect(mail.subject).toBe('Sign in to the staff console – Harbor Roofing');
    const link = linkIn(mail);
    expect(link.origin).toBe(mailing.server.url);

    // Opening the link signs nobody in; Continue does.
    const visitor = await newPage(mailing.browser, { baseURL: mailing.server.url });
    await visitor.page.goto(link.href);
    await poll(() => visitor.page.getByRole('button', { name: 'Continue' }).isVisible()).toBe(true);
    // The token leaves the address bar in an effect after the page is drawn: the button can show before.
    await poll(() => new URL(visitor.page.url()).searchParams.has('token')).toBe(false);
    expect(await visitor.page.evaluate((key) => localStorage.getItem(key), STAFF_TOKEN_STORAGE_KEY)).toBeNull();
    await expectNoAxeViolations(visitor.page);
    await settledScreenshot(visitor.page, { path: path.join(screenshots, 'staff-passwordless-1280.png') });
    await visitor.page.getByRole('button', { name: 'Continue' }).click();
    await poll(() => visitor.page.getByRole('heading', { level: 1, name: 'Harbor Roofing' }).isVisible()).toBe(true);
    expect(new URL(visitor.page.url()).pathname).toBe('/staff');
    expect(await visitor.page.evaluate((key) => localStorage.getItem(key), STAFF_TOKEN_STORAGE_KEY)).toMatch(/^\d+\./);
    // The console, never the portal.
    expect(await visitor.page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
    await visitor.context.close();

    // Single use: a second visit is refused, with a way on.
    const again = await newPage(mailing.browser, { baseURL: mailing.server.url });
    await again.page.goto(link.href);
    await again.page.getByRole('button', { name: 'Continue' }).click();
    await poll(() => again.page.getByText('This sign-in link is invalid, has expired or was already used.', { exact: false }).isVisible()).toBe(true);
    await again.page.getByRole('button', { name: 'Email me a new link' }).click();
    await poll(() => again.page.getByLabel('Email', { exact: true }).isVisible()).toBe(true);
    await again.context.close();
  });
});
