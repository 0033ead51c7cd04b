import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmptyReactPage } from '../bench/support/empty-react-page.mjs';
import { NOTICE_KIND_LABELS } from '@portal/contract/notice-kinds';
import { PROPOSAL_CONSENT_TEXT } from '@portal/contract/proposal-constants';
import { DEMO } from './support/auth';
import { codeOf, recordScripts, WEB_DIST as dist } from './support/scripts';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, newPage } from './support/page';

/**
 * The sign-in pages are answered with the sign-in build: React and the page, no router (docs/decisions/089-sign-in-pages-
 * without-the-router.md). The first navigation away hands the address over to the full app.
 */
const gzipBytes = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length;
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a page in a fresh context and lists the scripts it fetched until the network went quiet. */
async function scriptsOf(target: string) {
  const { context, page, consoleErrors } = await newPage(browser);
  const scripts = recordScripts(page);
  await page.goto(target, { waitUntil: 'networkidle' });
  // Not the HTML's own loading page's heading: the app's.
  await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Project portal' }).waitFor();
  await page.waitForLoadState('networkidle');
  return { context, page, consoleErrors, scripts: [...scripts] };
}

describe('the sign-in build', () => {
  it('docs/requirements.md 17.2: the scripts /login loads stay within 40 KB (gzip) of an empty React page, without the full app', async () => {
    const { context, scripts } = await scriptsOf('/login');
    await context.close();
    const fullApp = /<script type="module"[^>]* src="([^"]+)"/.exec(await readFile(path.join(dist, 'index.html'), 'utf8'))![1]!;
    expect(scripts).not.toContain(fullApp);
    let login = 0;
    for (const script of scripts) login += await gzipBytes(path.join(dist, script));

    const empty = await buildEmptyReactPage();
    let emptyPage = 0;
    try {
      for (const file of await readdir(path.join(empty.dist, 'assets'))) {
        if (file.endsWith('.js')) emptyPage += await gzipBytes(path.join(empty.dist, 'assets', file));
      }
    } finally {
      await rm(empty.dir, { recursive: true, force: true });
    }
    expect(emptyPage).toBeGreaterThan(40 * 1024);
    expect(login - emptyPage, `/login loads ${login} bytes of scripts (gzip), the empty React page ${emptyPage}`).toBeLessThanOrEqual(40 * 1024);
  });

  it("loads none of the contract's values that only other pages use (docs/decisions/103-the-contracts-values-apart.md)", async () => {
    const { context, scripts } = await scriptsOf('/login');
    await context.close();
    const code = await codeOf(scripts);
    // A sentence of each: the money's parser, the notices' labels, the proposals' consent.
    for (const text of ['Not a decimal amount', NOTICE_KIND_LABELS.note.description, PROPOSAL_CONSENT_TEXT]) expect(code.includes(text), text).toBe(false);
  });

  it('a link hands over to the full app with the query kept, and Back shows the sign-in page again, which still signs in', async () => {
    const { context, page, consoleErrors } = await newPage(browser);
    await page.goto('/login?entity=1&theme=acme');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    expect(pathAndQuery(page)).toBe('/forgot-password?entity=1&theme=acme');
    await expectNoAxeViolations(page);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(pathAndQuery(page)).toBe('/login?entity=1&theme=acme');
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByLabel('Password').fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathAndQuery(page)).toBe('/?entity=1&theme=acme');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('signing in on the sign-in build opens the portal in the same page, the query kept', async () => {
    const { context, page, consoleErrors } = await newPage(browser);
    await page.goto('/login?entity=1');
    await page.evaluate(() => Object.assign(window, { signInDocument: true }));
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByLabel('Password').fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathAndQuery(page)).toBe('/?entity=1');
    await page.getByRole('navigation', { name: /./ }).first().waitFor();
    // No reload: the document that signed in is the one that shows the portal.
    expect(await page.evaluate(() => 'signInDocument' in window)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a query the app would refuse shows its 404 page, as the full app does', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?theme=no%20such%20code');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found: /login' }).waitFor();
    await context.close();
  });
});
