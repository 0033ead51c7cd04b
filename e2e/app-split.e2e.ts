import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInContext } from './support/auth';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, newPage } from './support/page';
import { codeOf, recordScripts } from './support/scripts';

/**
 * The portal and the staff console are one build but two route tables: a customer's pages never download or build the
 * console's routes, and the console's load with it (docs/decisions/101-the-portal-and-the-console-route-apart.md), nor
 * the console's icons (docs/decisions/102-icons-from-their-own-modules.md) or style sheet (decision 104).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** An icon's path data: whichever script carries the icon holds it verbatim. */
async function iconPath(name: string): Promise<string> {
  const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: [string, { d?: string }][] } };
  return __iconData.node.find(([, attributes]) => attributes.d)![1].d!;
}

const STAFF_ROUTER = /\/assets\/staff-router-[^/]+\.js$/;
const CONSOLE_SHEET = /\/assets\/console-[^/]+\.css$/;

describe('the portal and the console, routed apart', () => {
  it("a customer's pages load none of the console's routes or icons; the console's sign-in loads its routes", async () => {
    const { context, page, consoleErrors } = await newPage(browser);
    await signedInContext(context);
    const scripts = recordScripts(page);
    const sheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') sheets.push(new URL(request.url()).pathname);
    });
    await page.goto('/?entity=1');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    await page.getByRole('navigation', { name: 'Portal areas' }).getByRole('link', { name: 'Notes' }).click();
    await page.getByRole('log', { name: 'Notes' }).waitFor();
    await page.waitForLoadState('networkidle');
    const customerCode = await codeOf(scripts);
    // The console's route table names its pages' components (its lazy routes' exports), and nothing else does.
    for (const consolePage of ['StaffProjectsPage', 'StaffLoginPage']) expect(customerCode.includes(consolePage), consolePage).toBe(false);
    // Nor its icons, which lucide-react's index would bring into the portal's chunk.
    for (const consoleIcon of ['webhook', 'key-round']) expect(customerCode.includes(await iconPath(consoleIcon)), consoleIcon).toBe(false);
    // Nor its style sheet (docs/decisions/104-the-consoles-style-sheet-apart.md).
    expect(sheets.filter((sheet) => CONSOLE_SHEET.test(sheet))).toEqual([]);

    await page.goto('/staff/login');
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
    expect([...scripts].some((script) => STAFF_ROUTER.test(script))).toBe(true);
    // The console's sheet is the page's last, after the portal's: between two utilities it alone decides, in its order.
    const order = await page.evaluate(() => Array.from(document.styleSheets, (sheet) => (sheet.href ? new URL(sheet.href).pathname : 'inline')));
    expect(order.filter((sheet) => sheet !== 'inline').map((sheet) => (CONSOLE_SHEET.test(sheet) ? 'console' : 'portal'))).toEqual(['portal', 'console']);
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("a navigation inside the portal to a console address loads the console's page, and Back the portal's", async () => {
    const { context, page } = await newPage(browser);
    await signedInContext(context);
    await page.goto('/?entity=1');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    // As a link of the portal's would: the router follows the history's pushes, without a page load of its own.
    await page.evaluate(() => window.history.pushState(null, '', '/staff/login'));
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/login');

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe('/?entity=1');
    await context.close();
  });

  it("when the console's style sheet does not arrive, the console still shows, with the portal's sheet", async () => {
    const { context, page } = await newPage(browser);
    await page.route(CONSOLE_SHEET, (route) => route.abort());
    await page.goto('/staff/login');
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
    await context.close();
  });

  it("when the console's routes do not arrive, even after the one reload, it says so and offers to try again", async () => {
    const { context, page } = await newPage(browser);
    let asked = 0;
    await page.route(STAFF_ROUTER, (route) => {
      asked += 1;
      return route.abort();
    });
    await page.goto('/staff/login');
    // The first failure reloads the page (a new deployment may have removed the chunk); the reloaded page fails too.
    await page.getByRole('heading', { level: 1, name: 'Internal Server Error' }).waitFor();
    expect(asked).toBe(2);
    await expectNoAxeViolations(page);

    await page.unroute(STAFF_ROUTER);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
    await context.close();
  });
});
