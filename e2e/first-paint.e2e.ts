import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signedInContext } from './support/auth';
import { launchChromium } from './support/chromium';
import { docsScreenshot, expectNoAxeViolations, newPage } from './support/page';
import { WEB_DIST } from './support/scripts';

// docs/decisions/100-a-loading-status-in-the-html.md
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Holds every request whose address matches until `release`: what the page shows meanwhile is what a slow network shows. */
async function hold(page: Page, match: (url: URL) => boolean) {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => match(url),
    (route) => (released ? route.continue() : void held.push(route)),
  );
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

const loading = (page: Page) => page.getByRole('status').filter({ hasText: /^Loading…$/ });
const painted = (page: Page) => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length > 0);

describe('a page on a slow network', () => {
  it.each([
    ['/?entity=1', 'Kitchen remodel', true],
    ['/auth/passwordless/login', 'Sign in by email', false],
  ])('%s says Loading… before any script or style sheet has arrived, then shows the page', async (address, heading, signedIn) => {
    for (const width of [1280, 375]) {
      const { context, page, consoleErrors } = await newPage(browser, { width });
      if (signedIn) await signedInContext(context);
      const assets = await hold(page, (url) => /\.(js|css)$/.test(url.pathname));
      await page.goto(address, { waitUntil: 'commit' });
      await loading(page).waitFor();
      expect(assets.count()).toBeGreaterThan(0);
      // Drawn, not only in the document: the browser has painted it with none of the page's scripts or styles.
      await expect.poll(() => painted(page)).toBe(true);
      await expectNoAxeViolations(page);
      if (signedIn) await docsScreenshot(page, { path: path.join(screenshots, `loading-${width}.png`) });

      await assets.release();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await loading(page).count()).toBe(0);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('says it only once the page has been loading for the delay, so a page ready sooner never flashes it', async () => {
    const { context, page } = await newPage(browser);
    await hold(page, (url) => /\.(js|css)$/.test(url.pathname));
    // The page's animation clock stopped: what waits on the delay waits for as long as the clock stands still.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Animation.enable');
    await devtools.send('Animation.setPlaybackRate', { playbackRate: 0 });
    await page.goto('/forgot-password', { waitUntil: 'commit' });
    // In the document (a role query skips what is hidden), yet not shown.
    await page.locator('[role="status"]', { hasText: 'Loading…' }).waitFor({ state: 'attached' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await loading(page).isVisible()).toBe(false);

    await devtools.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await loading(page).waitFor();
    await context.close();
  });

  it('goes on saying Loading… while the page waits for its project, never a blank screen', async () => {
    const { context, page, consoleErrors } = await newPage(browser);
    await signedInContext(context);
    const contextCheck = await hold(page, (url) => url.pathname === '/api/entities/1');
    await page.goto('/?entity=1');
    // The scripts have run and the router asked for the project: from here on the app draws the status itself.
    await expect.poll(() => contextCheck.count()).toBeGreaterThan(0);
    await loading(page).waitFor();
    expect(await page.getByRole('main').count()).toBe(1);

    await contextCheck.release();
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    expect(await loading(page).count()).toBe(0);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  // docs/decisions/106-the-first-page-loaded-before-the-first-render.md
  it("draws the page, layout and all, in React's first change to it: the HTML's Loading… until then, nothing between", async () => {
    const { context, page, consoleErrors } = await newPage(browser);
    await signedInContext(context);
    // What the page holds after each change made to it: a "Loading…", the layout's header.
    await page.addInitScript(() => {
      const states: string[] = [];
      Object.assign(window, { rootStates: states });
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        new MutationObserver(() => {
          const held = [root.querySelector('.boot-spinner') && 'Loading…', root.querySelector('header') && 'header'];
          states.push(held.filter(Boolean).join(' + '));
        }).observe(root, { childList: true, subtree: true });
      });
    });
    await page.goto('/?entity=1');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    const states = await page.evaluate(() => (window as unknown as { rootStates: string[] }).rootStates);
    expect(states[0]).toBe('header');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

// docs/decisions/105-the-sign-in-page-drawn-in-its-html.md
describe('/login on a slow network', () => {
  const drawnText = (page: Page) => page.getByText('Sign in to follow your project.');

  // docs/decisions/111-the-drawn-sign-in-page-usable-before-its-script.md
  it.each([
    ['sent before the script has arrived, signs in once it has', true],
    ['kept through the script taking the page over, signs in with what was typed', false],
  ])('shows the sign-in page from its HTML before any script has arrived, ready for input: what is typed, %s', async (_, sendEarly) => {
    for (const width of [1280, 375]) {
      const { context, page, consoleErrors } = await newPage(browser, { width });
      const scripts = await hold(page, (url) => url.pathname.endsWith('.js'));
      const signIns: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/auth/login') signIns.push(request.postData() ?? '');
      });
      // Each submit the page sees, first of all its listeners, and whether it was kept from the browser in the end.
      await page.addInitScript(() => {
        const submits: boolean[] = [];
        Object.assign(window, { submits });
        window.addEventListener('submit', (event) => setTimeout(() => submits.push(event.defaultPrevented)), true);
      });
      await page.goto('/login', { waitUntil: 'commit' });
      await drawnText(page).waitFor();
      await expect.poll(() => painted(page)).toBe(true);
      expect(scripts.count()).toBeGreaterThan(0);
      // Styled: the card is the style sheet's white on its grey page, not the browser's unstyled text.
      expect(await page.locator('main div.rounded-2xl').evaluate((card) => getComputedStyle(card).borderRadius)).toBe('16px');
      expect(await loading(page).count()).toBe(0);
      await page.locator('#root h1').evaluate((heading) => Object.assign(heading, { drawnByTheHtml: true }));

      // By keyboard, as a person would, with none of the page's scripts there yet.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
      await page.keyboard.type(DEMO.customer.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(DEMO.customer.password);
      expect(await page.getByLabel('Email').inputValue()).toBe(DEMO.customer.email);
      if (sendEarly) {
        await page.keyboard.press('Enter');
        // Held for the script, not sent by the browser itself (which would put the password in the address), not lost.
        await expect.poll(() => page.evaluate(() => (window as unknown as { submits: boolean[] }).submits)).toEqual([true]);
        expect(new URL(page.url()).pathname).toBe('/login');
        expect(signIns).toEqual([]);
      }
      expect(await page.getByRole('heading', { level: 1, name: 'Sign in' }).count()).toBe(1);

      await scripts.release();
      if (!sendEarly) {
        // Taken over once hydrated: the page's mark goes (role queries find its heading before too).
        await page.locator('#root:not([data-prerendered])').waitFor();
        // Hydrated, not drawn again: the heading is the HTML's own element, and the fields hold what was typed.
        expect(await page.locator('#root h1').evaluate((heading) => 'drawnByTheHtml' in heading)).toBe(true);
        expect(await page.getByLabel('Email').inputValue()).toBe(DEMO.customer.email);
        expect(await page.getByLabel('Password').inputValue()).toBe(DEMO.customer.password);
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: 'Sign in' }).click();
      }
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Sign in' }).first().waitFor();
      // Once, with what was typed.
      expect(signIns.map((body) => JSON.parse(body) as unknown)).toEqual([{ email: DEMO.customer.email, password: DEMO.customer.password }]);
      // No mismatch between the HTML's page and the script's, and no script refused by the content security policy.
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('never shows the sign-in form to a visitor who is signed in: Loading…, then the portal', async () => {
    const { context, page, consoleErrors } = await newPage(browser);
    await signedInContext(context);
    // The scripts login.html names (the sign-in build) apart from the full app's, which it loads when it hands over.
    const html = await readFile(path.join(WEB_DIST, 'login.html'), 'utf8');
    const signInFiles = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(([, file]) => file));
    expect(signInFiles.size).toBeGreaterThan(0);
    const signInBuild = await hold(page, (url) => signInFiles.has(url.pathname));
    const fullApp = await hold(page, (url) => url.pathname.endsWith('.js') && !signInFiles.has(url.pathname));
    await page.goto('/login', { waitUntil: 'commit' });
    await loading(page).waitFor();
    await expect.poll(() => painted(page)).toBe(true);
    expect(await drawnText(page).isVisible()).toBe(false);
    await expectNoAxeViolations(page);

    // The sign-in build runs and hands over; the full app's code stays on its way: the "Loading…" must stay meanwhile.
    await signInBuild.release();
    await expect.poll(() => fullApp.count()).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(await loading(page).isVisible(), 'Loading… while the full app loads').toBe(true);
    expect(await drawnText(page).isVisible()).toBe(false);

    await fullApp.release();
    await page
      .getByRole('heading', { level: 1 })
      .filter({ hasNotText: /^(Project portal|Sign in)$/ })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await drawnText(page).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
