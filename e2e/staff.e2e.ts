import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { companyCommand } from './support/company-cli';
import { docsScreenshot, expectNoAxeViolations, newPage, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';

/**
 * The staff console's door (docs/staff-console.md): the owner follows the link `create-company` printed, chooses a
 * password and is in; signs out, back in, and out everywhere; the console and the portal never share a sign-in.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');
const PASSWORD = 'harbor-owner-password';

let server: RunningServer;
let browser: Browser;
let invitation = '';

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'false' });
  browser = await launchChromium();
  const created = await companyCommand(server, [
    'create-company',
    '--name',
    'Harbor Roofing',
    '--owner-email',
    'owner@harbor.example',
    '--owner-name',
    'Hana Harbor',
    '--color',
    '#0f766e',
  ]);
  invitation = /^(http\S+\/staff\/invitation\?token=\S+)$/m.exec(created)![1]!;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, password = PASSWORD) {
  await page.goto('/staff/login');
  await page.getByLabel('Email').fill('owner@harbor.example');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('the staff console door', () => {
  it('takes the owner from the invitation link to the console, signed in', async () => {
    const { context, page, consoleErrors } = await newPage(browser, { baseURL: server.url });
    const notFound: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) notFound.push(new URL(response.url()).pathname);
    });
    await page.goto(invitation.replace(/^http:\/\/[^/]+/, ''));
    await expect.poll(() => page.getByRole('heading', { level: 1, name: "Join your company's portal" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the new password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save the password and sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Harbor Roofing' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/staff');
    await expect.poll(() => page.getByText('Owner', { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-home-1280.png') });
    // The link is spent: a second use is refused with a way on.
    await page.goto(invitation.replace(/^http:\/\/[^/]+/, ''));
    await page.getByLabel('New password', { exact: true }).fill('another-password-1');
    await page.getByLabel('Repeat the new password').fill('another-password-1');
    await page.getByRole('button', { name: 'Save the password and sign in' }).click();
    await expect.poll(() => page.getByText('This invitation link is not valid any more.', { exact: false }).isVisible()).toBe(true);
    // The spent link's page asked whose company it is and was told nothing (a 404, docs/staff-console.md); the refusal said why (422).
    expect(notFound).toEqual(['/api/staff/auth/invitation/brand']);
    expect(consoleErrors.filter((error) => !error.includes('422') && !error.includes('404'))).toEqual([]);
    await context.close();
  });

  it('signs in with the password at phone width, refuses a wrong one beside the field, and signs out', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800, baseURL: server.url });
    await signIn(page, 'not-the-password');
    await expect.poll(() => page.getByText('These credentials do not match our records.', { exact: false }).first().isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await docsScreenshot(page, { path: path.join(screenshots, 'staff-login-375.png') });
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Harbor Roofing' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-home-375.png') });
    // On a phone, Sign out sits in the header's menu with the console's sections.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/staff/login');
    await page.goto('/staff');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/staff/login');
    await context.close();
  });

  it('keeps the console and the portal apart, and signs out everywhere', async () => {
    const first = await newPage(browser, { baseURL: server.url });
    await signIn(first.page);
    await expect.poll(() => first.page.getByRole('heading', { level: 1, name: 'Harbor Roofing' }).isVisible()).toBe(true);
    // Signed in to the console is not signed in to the portal.
    await first.page.goto('/');
    await expect.poll(() => new URL(first.page.url()).pathname).toBe('/login');

    const second = await newPage(browser, { baseURL: server.url });
    await signIn(second.page);
    await expect.poll(() => second.page.getByRole('heading', { level: 1, name: 'Harbor Roofing' }).isVisible()).toBe(true);
    await second.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect.poll(() => new URL(second.page.url()).pathname).toBe('/staff/login');
    // The other device's session ended too: its next visit finds it signed out.
    await first.page.goto('/staff');
    await expect.poll(() => new URL(first.page.url()).pathname).toBe('/staff/login');
    await first.context.close();
    await second.context.close();
  });
});
