import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, DEMO, signedInContext, storeToken } from './support/auth';
import { launchChromium } from './support/chromium';
import { baseURL, expectNoAxeViolations, newPage } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('cc_portal_token'));

describe('signing in with a password', () => {
  it('signs in, lands on / with the query it came with, and signs out', async () => {
    const { context, page, consoleErrors } = await newPage(browser);
    await page.goto('/login?entity=1&theme=acme');
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByLabel('Password').fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathAndQuery(page)).toBe('/?entity=1&theme=acme');
    expect(await storedToken(page)).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);

    const token = (await storedToken(page))!;
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await storedToken(page)).toBeNull();
    // The session is revoked on the server too, not only forgotten by the browser.
    const me = await fetch(`${baseURL()}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    expect(consoleErrors.filter((line) => !line.includes('401'))).toEqual([]);
    await context.close();
  });

  it('signs in by keyboard alone', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.keyboard.type(DEMO.customer.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO.customer.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: 'Your projects' }).waitFor();
    await context.close();
  });

  it('says clearly when the password is wrong, and stays on the page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('These credentials do not match our records.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("says one clear thing, beside the field, when the password is too short to be anyone's", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const password = page.getByLabel('Password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    // The field's own message, tied to it and focused; no generic "The given data was invalid." above it.
    const describedBy = (await password.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe('The password must be at least 8 characters.');
    expect(await page.getByText('The given data was invalid.').count()).toBe(0);
    expect(await page.getByText('The password must be at least 8 characters.').count()).toBe(1);
    // The focus moves in an effect after the message is drawn.
    await expect.poll(() => password.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('is branded by ?theme=acme: the company name, logo and colour', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?theme=acme');
    await expect.poll(() => page.getByText('Acme Builders', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--portal-color').trim())).toBe('#c2410c');
    await expect.poll(() => page.title()).toBe('Project portal | Acme Builders');
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('the routing rules of docs/requirements.md 3', () => {
  it.each(['/', '/notes?entity=2', '/invoices?entity=3&company_id=1', '/contact'])(
    '3.3: without a token, %s goes to /login with the query kept',
    async (target) => {
      const { context, page } = await newPage(browser);
      await page.goto(target);
      const query = new URL(target, 'http://x').search;
      await expect.poll(() => pathAndQuery(page)).toBe(`/login${query}`);
      await context.close();
    },
  );

  it.each(['/login?entity=2', '/login/?theme=acme', '/auth/passwordless/login?entity=4', '/auth/passwordless/login/'])(
    '3.2: with a token, the sign-in page %s goes to / with the query kept',
    async (target) => {
      const { context, page } = await newPage(browser);
      await signedInContext(context);
      await page.goto(target);
      const query = new URL(target, 'http://x').search;
      await expect.poll(() => pathAndQuery(page)).toBe(`/${query}`);
      await context.close();
    },
  );

  it('3.1: the sign-in pages are public, with an optional trailing slash', async () => {
    const { context, page } = await newPage(browser);
    for (const [target, heading] of [
      ['/login/', 'Sign in'],
      ['/auth/passwordless/login/?theme=acme', 'Sign in by email'],
    ] as const) {
      await page.goto(target);
      // Named: the HTML's own loading page has a heading too.
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(new URL(target, 'http://x').pathname.replace(/\/$/, ''));
    }
    await context.close();
  });
});

describe('the 401 path', () => {
  it('a stored bad token meets a 401: token removed, /login, an "Error" toast with the server message', async () => {
    const { context, page } = await newPage(browser);
    await storeToken(context, '999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.goto('/account/sessions');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    const toast = page.getByRole('status').filter({ hasText: 'Error' });
    await expect.poll(() => toast.textContent()).toContain('Unauthenticated.');
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it('a session revoked from another browser stops working there', async () => {
    const first = await newPage(browser);
    const second = await newPage(browser);
    await signedInContext(first.context);
    await signedInContext(second.context);
    await second.page.goto('/account/sessions');
    await second.page.getByRole('heading', { name: 'Signed-in devices' }).waitFor();

    await first.page.goto('/account/sessions');
    await first.page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect.poll(() => first.page.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);

    await second.page.reload();
    await expect.poll(() => new URL(second.page.url()).pathname).toBe('/login');
    // The first browser is still signed in.
    await first.page.reload();
    await first.page.getByRole('heading', { name: 'Signed-in devices' }).waitFor();
    expect(new URL(first.page.url()).pathname).toBe('/account/sessions');
    await first.context.close();
    await second.context.close();
  });

  it('a token from the API signs in a fresh browser', async () => {
    const token = await apiSignIn(DEMO.neighbor);
    expect(token).toMatch(/^\d+\./);
  });
});
