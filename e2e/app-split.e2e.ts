import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInContext } from './support/auth';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, newPage } from './support/page';

/**
 * The portal and the staff console are one build but two route tables: a customer's pages never download or build the
 * console's routes, and the console's load with it (docs/decisions/101-the-portal-and-the-console-route-apart.md), nor
 * the console's icons (docs/decisions/102-icons-from-their-own-modules.md).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

/** An icon's path data: whichever script carries the icon holds it verbatim. */
async function iconPath(name: string): Promise<string> {
  const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: [string, { d?: string }][] } };
  return __iconData.node.find(([, attributes]) => attributes.d)![1].d!;
}

/** The console's own scripts: its route table, shell and pages are named after them. */
const consoleScripts = (scripts: Set<string>) => [...scripts].filter((script) => /\/assets\/staff-/.test(script));

function recordScripts(page: Page) {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  return scripts;
}

describe('the portal and the console, routed apart', () => {
  it("a customer's pages load none of the console's code or icons; the console's sign-in loads its routes", async () => {
    const { context, page, consoleErrors } = await newPage(browser);
    await signedInContext(context);
    const scripts = recordScripts(page);
    await page.goto('/?entity=1');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    await page.getByRole('link', { name: 'Notes' }).first().click();
    await page.getByRole('log', { name: 'Notes' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(consoleScripts(scripts)).toEqual([]);
    // Nor the console's icons, which lucide-react's index would bring into the portal's chunk.
    const customerCode = (await Promise.all([...scripts].map((script) => readFile(path.join(dist, script), 'utf8')))).join('\n');
    for (const consoleIcon of ['webhook', 'key-round']) expect(customerCode.includes(await iconPath(consoleIcon)), consoleIcon).toBe(false);

    await page.goto('/staff/login');
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
    expect(consoleScripts(scripts).some((script) => script.includes('staff-router'))).toBe(true);
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("a navigation inside the portal to a console address loads the console's page whole, not a 404", async () => {
    const { context, page } = await newPage(browser);
    await signedInContext(context);
    await page.goto('/?entity=1');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    // As a link of the portal's would: the router follows the history, without a page load of its own.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/staff/login');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/login');
    expect(await page.getByText('Page not found').count()).toBe(0);
    await context.close();
  });

  it("when the console's routes do not arrive, even after the one reload, it says so and offers to try again", async () => {
    const { context, page } = await newPage(browser);
    await page.route(/\/assets\/staff-router-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/staff/login');
    await page.getByRole('heading', { level: 1, name: 'Internal Server Error' }).waitFor();
    await expectNoAxeViolations(page);

    await page.unroute(/\/assets\/staff-router-[^/]+\.js$/);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
    await context.close();
  });
});
