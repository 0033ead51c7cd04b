import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInContext } from './support/auth';
import { launchChromium } from './support/chromium';
import { baseURL, expectNoAxeViolations, newPage } from './support/page';

/** The eight screens of docs/requirements.md 2.1 and the account pages, each with the heading a visitor sees first. */
const ROUTES = [
  { path: '/', heading: 'Your project' },
  { path: '/login', heading: 'Sign in' },
  { path: '/notes', heading: 'Notes' },
  { path: '/photos', heading: 'Photos' },
  { path: '/contact', heading: 'Contact' },
  { path: '/invoices', heading: 'Invoices' },
  { path: '/documents', heading: 'Documents' },
  { path: '/auth/passwordless/login', heading: 'Sign in by email' },
  { path: '/account/sessions', heading: 'Signed-in devices' },
  { path: '/account', heading: 'Account settings' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
  { path: '/reset-password', heading: 'Choose a new password' },
  { path: '/confirm-email', heading: 'Confirm your new email address' },
] as const;

/** Pages a visitor reaches signed out. */
const SIGN_IN_PAGES = new Set(['/login', '/auth/passwordless/login', '/forgot-password', '/reset-password', '/confirm-email']);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the demo', () => {
  it('starts with its data and answers on the API', async () => {
    const response = await fetch(`${baseURL()}/api/health`);
    expect(await response.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it.each(ROUTES)('serves $path with its page, titled "Project portal", with no accessibility violations', async (route) => {
    const { context, page, consoleErrors } = await newPage(browser);
    if (!SIGN_IN_PAGES.has(route.path)) await signedInContext(context);
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: route.heading }).isVisible()).toBe(true);
    expect(await page.title()).toMatch(/^Project portal/);
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows "Page not found" for an unknown route', async () => {
    const { context, page } = await newPage(browser);
    await signedInContext(context);
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByText('Page not found', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('documents the API on a page of its own that reads at both widths with no accessibility violations', async () => {
    for (const width of [1280, 375]) {
      const { context, page, consoleErrors } = await newPage(browser, { width });
      const response = await page.goto('/api/docs/');
      expect(response?.status()).toBe(200);
      // Swagger UI draws the page from the document in the browser: seconds on a busy machine.
      await expect.poll(() => page.getByRole('heading', { level: 1, name: /Project portal API/ }).isVisible(), { timeout: 20_000 }).toBe(true);
      // An operation opens with its description, parameters and replies.
      await page.getByRole('button', { name: /POST \/api\/auth\/login/ }).click();
      await expect.poll(() => page.getByText('Wrong password and unknown address give the same 422').isVisible(), { timeout: 10_000 }).toBe(true);
      await expectNoAxeViolations(page);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });
});
