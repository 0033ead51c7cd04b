import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { storeToken } from './support/auth';
import { launchChromium } from './support/chromium';
import { recordSecret } from './support/run-log';
import { expectNoAxeViolations, newPage, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { acceptStaffInvitation, companyApi, createCompany, invitedCustomer, staffPage } from './support/staff';

/**
 * The console and the portal on the narrowest phone (320 px), a common one (375 px) and a desktop
 * (docs/decisions/115-the-console-on-a-narrow-screen.md): every console section and project tab is reachable, no page
 * scrolls sideways, toasts leave the header's controls free, a long web address in a note wraps, a wide logo keeps its
 * shape, a project without an address shows no map pin, and the console's sign-in and invitation pages wear the
 * company's brand.
 *
 * Over 30 s: a server of its own with a company built through the company command, and every console section and tab
 * at three widths.
 */

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots/narrow');
const LOAD = { timeout: 15_000 };
const COLOR = '#0f766e';
/** One unbroken word far wider than a phone, as a pasted link is. */
const LONG_URL = `https://drive.example.com/shared/${'roof-plan-revision-'.repeat(6)}final.pdf?download=${'0123456789'.repeat(5)}`;
const NAV = ['Home', 'Projects', 'Inbox', 'Audit log', 'Settings'];
const TABS = ['Overview', 'Customers', 'Notes', 'Photos', 'Documents', 'Invoices', 'Proposals', 'Change orders', 'Selections', 'Schedule'];

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let apiKey = '';
let ownerToken = '';
let customerToken = '';
let projectId = 0;
let entityId = 0;
let memberInvitation = '';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'false' });
  browser = await launchChromium();
  await mkdir(screenshots, { recursive: true });

  const company = await createCompany(server, {
    name: 'Harbor Roofing',
    ownerEmail: 'owner@harbor.example',
    ownerName: 'Hana Harbor',
    themeCode: 'harbor',
    color: COLOR,
  });
  apiKey = company.apiKey;
  ownerToken = await acceptStaffInvitation(server, company.invitation, 'harbor-owner-password');
  await companyApi(server, apiKey, 'PATCH', '/company', {
    is_portal_project_info_enabled: true,
    is_portal_project_notes_enabled: true,
    is_portal_album_sharing_enabled: true,
    is_portal_file_sharing_enabled: true,
    is_portal_invoicing_enabled: true,
    is_portal_proposals_enabled: true,
    is_portal_project_calendar_enabled: true,
  });
  // A wordmark four times as wide as it is high: the shape a square box squashes and a cropped one cuts.
  const logo = await sharp({ create: { width: 400, height: 100, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .composite([{ input: Buffer.from('<svg width="400" height="100"><rect x="20" y="20" width="360" height="60" fill="white"/></svg>') }])
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'wordmark.png');
  const uploaded = await fetch(`${server.url}/api/integration/company/logo`, { method: 'PUT', headers: { Authorization: `Bearer ${apiKey}` }, body: form });
  if (!uploaded.ok) throw new Error(`The logo was refused: ${uploaded.status} ${await uploaded.text()}`);

  // A project with no address at all, shared with a customer who signs in.
  projectId = (await companyApi<{ id: number }>(server, apiKey, 'POST', '/projects', { name: 'Roof replacement', number: 'HR-1001' })).id;
  ({ token: customerToken, entityId } = await invitedCustomer(server, smtp, apiKey, projectId));

  // The long address in the thread, once from the office and once from the customer.
  await companyApi(server, apiKey, 'POST', `/projects/${projectId}/notes`, { body: `The plans: ${LONG_URL}`, shared_with_portal: true });
  const posted = await fetch(`${server.url}/api/notes?entity=${entityId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${customerToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ body: `Here is mine: ${LONG_URL}` }),
  });
  if (!posted.ok) throw new Error(`The customer's note was refused: ${posted.status} ${await posted.text()}`);

  // A member of staff invited by email, whose link stays unused.
  const member = await companyApi<{ id: number }>(server, apiKey, 'POST', '/staff', { name: 'Sam Shingle', email: 'sam@harbor.example', role: 'staff' });
  await companyApi(server, apiKey, 'POST', `/staff/${member.id}/invite`, {});
  const invitation = await smtp.waitFor((message) => message.to.includes('sam@harbor.example'));
  memberInvitation = /(https?:\/\/\S+\/staff\/invitation\?token=\S+)/.exec(invitation.text ?? '')![1]!.replace(/^https?:\/\/[^/]+/, '');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A new console session of the owner's. */
async function ownerSession(): Promise<string> {
  const response = await fetch(`${server.url}/api/staff/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'owner@harbor.example', password: 'harbor-owner-password' }),
  });
  if (!response.ok) throw new Error(`The owner's sign-in was refused: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { token: string }).token;
  recordSecret("a staff member's session token", token);
  return token;
}

const shot = (page: Page, name: string) => settledScreenshot(page, { path: path.join(screenshots, `${name}.png`), fullPage: true });

/** A page at rest: its heading drawn and nothing more on its way (its code, its data). */
async function settle(page: Page, heading: Locator) {
  await heading.waitFor(LOAD);
  await page.waitForLoadState('networkidle');
}

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, width: number, where: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, where).toBeLessThanOrEqual(width);
}

/** Wholly on the screen, left to right, and visible. */
async function expectOnScreen(locator: Locator, width: number, what: string) {
  await expect.poll(() => locator.isVisible(), { ...LOAD, message: `${what} is visible` }).toBe(true);
  const box = (await locator.boundingBox())!;
  expect(box.x, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends on the screen`).toBeLessThanOrEqual(width);
}

/** The image as painted keeps the file's proportions (a box of its shape, or contained in another) and is not cut. */
async function expectUndistorted(image: Locator, what: string) {
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), LOAD).toBe(true);
  const shape = await image.evaluate((element: HTMLImageElement) => {
    const box = element.getBoundingClientRect();
    return { natural: element.naturalWidth / element.naturalHeight, box: box.width / box.height, fit: getComputedStyle(element).objectFit };
  });
  const sameShape = Math.abs(shape.box - shape.natural) / shape.natural < 0.05;
  expect(sameShape || shape.fit === 'contain' || shape.fit === 'scale-down', `${what}: ${JSON.stringify(shape)}`).toBe(true);
}

/** Whether two boxes share any area. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast with this title covers none of the header's buttons and links. */
async function expectToastClearOfHeader(page: Page, title: string, what: string) {
  // The toast as drawn: its list item (the `status` role is the toast library's hidden 1 px announcer).
  const toast = page.getByRole('listitem').filter({ hasText: title });
  await expect.poll(() => toast.isVisible(), LOAD).toBe(true);
  const toastBox = (await toast.boundingBox())!;
  const controls = page.getByRole('banner').locator('a, button');
  expect(await controls.count(), `${what}: the header has controls`).toBeGreaterThan(0);
  for (const control of await controls.filter({ visible: true }).all()) {
    const box = (await control.boundingBox())!;
    expect(overlap(toastBox, box), `${what}: the toast covers "${await control.innerText()}"`).toBe(false);
  }
}

describe('the console at 320 px', () => {
  it('keeps its sections behind a Menu button, every one on the screen', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken, { width: 320, height: 720 });
    await page.goto('/staff');
    await settle(page, page.getByRole('heading', { level: 1, name: 'Harbor Roofing' }));
    await expectNoSidewaysScroll(page, 320, '/staff');
    // The header is one row: the brand and the Menu button side by side.
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expectOnScreen(menuButton, 320, 'the Menu button');
    await shot(page, 'console-home-320');

    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Staff console' });
    for (const label of NAV) await expectOnScreen(menu.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: label }), 320, label);
    await expectOnScreen(menu.getByRole('button', { name: 'Sign out' }), 320, 'Sign out');
    await expectNoAxeViolations(page);
    await shot(page, 'console-menu-320');

    await menu.getByRole('link', { name: 'Settings' }).click();
    await settle(page, page.getByRole('heading', { level: 1, name: 'Branding' }));
    expect(new URL(page.url()).pathname).toBe('/staff/settings');
    expect(await menu.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the active project tab, marks the hidden ones with an arrow, and reaches every tab by scrolling the bar alone', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken, { width: 320, height: 720 });
    await page.goto(`/staff/projects/${projectId}/invoices`);
    await settle(page, page.getByRole('heading', { level: 1, name: 'Roof replacement' }));
    const tabs = page.getByRole('navigation', { name: 'Project' });
    const active = tabs.getByRole('link', { name: 'Invoices' });
    expect(await active.getAttribute('aria-current')).toBe('page');
    await expectOnScreen(active, 320, 'the active tab');
    // More tabs hide on both sides of it, and the bar says so.
    await expectOnScreen(tabs.getByRole('button', { name: 'Earlier tabs' }), 320, 'the arrow to earlier tabs');
    await expectOnScreen(tabs.getByRole('button', { name: 'More tabs' }), 320, 'the arrow to more tabs');
    await expectNoAxeViolations(page);
    await shot(page, 'console-project-tabs-320');

    const bar = tabs.getByRole('list');
    const scrolled = () => bar.evaluate((element) => element.scrollLeft);
    const before = await scrolled();
    await tabs.getByRole('button', { name: 'More tabs' }).click();
    await expect.poll(scrolled, LOAD).toBeGreaterThan(before);

    for (const label of TABS) {
      const tab = tabs.getByRole('link', { name: label, exact: true });
      // Only the tab bar scrolls: the page stays where it is.
      const pageScroll = await page.evaluate(() => window.scrollY);
      await tab.evaluate((element) => {
        const list = element.closest('ul')!;
        const box = list.getBoundingClientRect();
        const link = element.getBoundingClientRect();
        list.scrollLeft += link.left + link.width / 2 - (box.left + box.width / 2);
      });
      await expectOnScreen(tab, 320, `the ${label} tab`);
      expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('scrolls no main page sideways', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken, { width: 320, height: 720 });
    const project = page.getByRole('heading', { level: 1, name: 'Roof replacement' });
    const pages: [string, Locator][] = [
      ['/staff', page.getByRole('heading', { level: 1, name: 'Harbor Roofing' })],
      ['/staff/projects', page.getByRole('heading', { level: 1, name: 'Projects' })],
      ['/staff/projects/new', page.getByRole('heading', { level: 1, name: 'New project' })],
      ...['', '/customers', '/notes', '/photos', '/documents', '/invoices', '/proposals', '/selections', '/schedule'].map((tab): [string, Locator] => [
        `/staff/projects/${projectId}${tab}`,
        project,
      ]),
      ['/staff/inbox', page.getByRole('heading', { level: 1, name: 'Inbox' })],
      ['/staff/audit-log', page.getByRole('heading', { level: 1, name: 'Audit log' })],
      ['/staff/settings', page.getByRole('heading', { level: 1, name: 'Branding' })],
      ['/staff/settings/areas', page.getByRole('heading', { level: 1, name: 'Portal areas' })],
      ['/staff/settings/staff', page.getByRole('heading', { level: 1, name: 'Staff' })],
      ['/staff/settings/api-keys', page.getByRole('heading', { level: 1, name: 'API keys' })],
      ['/staff/settings/webhooks', page.getByRole('heading', { level: 1, name: 'Webhooks' })],
    ];
    for (const [url, heading] of pages) {
      await page.goto(url);
      await settle(page, heading);
      await expectNoSidewaysScroll(page, 320, url);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 150_000);
});

describe('the console at 375 and 1280 px', () => {
  it('pictures the project tabs and the header at both widths', async () => {
    for (const width of [375, 1280]) {
      const { context, page } = await staffPage(browser, server, ownerToken, { width, height: 800 });
      await page.goto(`/staff/projects/${projectId}/invoices`);
      await settle(page, page.getByRole('heading', { level: 1, name: 'Roof replacement' }));
      await expectOnScreen(page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Invoices' }), width, 'the active tab');
      await expectNoSidewaysScroll(page, width, 'a project at ' + width);
      await expectUndistorted(page.getByRole('banner').locator('img'), `the console header's logo at ${width}`);
      if (width === 1280) {
        // Wide enough for the sections in a row, and nothing folded away.
        for (const label of NAV) await expectOnScreen(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: label }), width, label);
        expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
      }
      await shot(page, `console-project-${width}`);
      await context.close();
    }
  }, 150_000);
});

describe('toasts', () => {
  it("leave the console header's controls free, at the bottom of a phone and below the header on a desktop", async () => {
    for (const width of [375, 1280]) {
      const { context, page } = await staffPage(browser, server, ownerToken, { width, height: 800 });
      await page.goto('/staff/settings');
      await settle(page, page.getByRole('heading', { level: 1, name: 'Branding' }));
      await page.getByRole('button', { name: 'Save branding' }).click();
      await expectToastClearOfHeader(page, 'Branding saved', `the console at ${width}`);
      await shot(page, `console-toast-${width}`);
      await context.close();
    }
  });

  it("leave the portal header's controls free", async () => {
    for (const width of [375, 1280]) {
      const { context, page } = await newPage(browser, { width, height: 800, baseURL: server.url });
      await storeToken(context, customerToken);
      await page.goto(`/account?entity=${entityId}`);
      await settle(page, page.getByRole('heading', { level: 1, name: 'Account settings' }));
      await page.getByRole('button', { name: 'Save name' }).click();
      await expectToastClearOfHeader(page, 'Name saved', `the portal at ${width}`);
      await shot(page, `portal-toast-${width}`);
      await context.close();
    }
  });
});

describe('a long web address in a note', () => {
  it('wraps in the portal and in the console at 320 px', async () => {
    const portal = await newPage(browser, { width: 320, height: 720, baseURL: server.url });
    await storeToken(portal.context, customerToken);
    await portal.page.goto(`/notes?entity=${entityId}`);
    await settle(portal.page, portal.page.getByRole('link', { name: LONG_URL }).first());
    await expectNoSidewaysScroll(portal.page, 320, 'the portal notes');
    for (const link of await portal.page.getByRole('link', { name: LONG_URL }).all()) await expectOnScreen(link, 320, 'the address');
    await shot(portal.page, 'portal-notes-320');
    await portal.context.close();

    const { context, page } = await staffPage(browser, server, ownerToken, { width: 320, height: 720 });
    await page.goto(`/staff/projects/${projectId}/notes`);
    await settle(page, page.getByRole('link', { name: LONG_URL }).first());
    await expectNoSidewaysScroll(page, 320, 'the console notes');
    for (const link of await page.getByRole('link', { name: LONG_URL }).all()) await expectOnScreen(link, 320, 'the address');
    await shot(page, 'console-notes-320');
    await context.close();
  });
});

describe('a wide logo', () => {
  it('keeps its shape in the portal header, on the sign-in page and on the branding card, and the project shows no lone map pin', async () => {
    for (const width of [375, 1280]) {
      const { context, page } = await newPage(browser, { width, height: 800, baseURL: server.url });
      await storeToken(context, customerToken);
      await page.goto(`/?entity=${entityId}`);
      await settle(page, page.getByRole('heading', { level: 1, name: 'Roof replacement' }));
      await expectUndistorted(page.getByRole('banner').locator('img'), `the portal header at ${width}`);
      // No address: no pin, no address block.
      expect(await page.getByRole('region', { name: 'Project details' }).locator('address').count()).toBe(0);
      await expectNoSidewaysScroll(page, width, 'the project page');
      await shot(page, `portal-project-${width}`);
      await context.close();

      const signIn = await newPage(browser, { width, height: 800, baseURL: server.url });
      await signIn.page.goto('/login?theme=harbor');
      await settle(signIn.page, signIn.page.getByText('Harbor Roofing', { exact: true }));
      await expectUndistorted(signIn.page.locator('main img').first(), `the sign-in page at ${width}`);
      await shot(signIn.page, `sign-in-${width}`);
      await signIn.context.close();

      const office = await staffPage(browser, server, ownerToken, { width, height: 900 });
      await office.page.goto('/staff/settings');
      await settle(office.page, office.page.getByRole('heading', { level: 1, name: 'Branding' }));
      await expectUndistorted(office.page.getByRole('img', { name: 'Current logo' }), `the branding card at ${width}`);
      await expectNoSidewaysScroll(office.page, width, 'the branding page');
      await shot(office.page, `console-branding-${width}`);
      await office.context.close();
    }
  }, 150_000);
});

describe("the console's sign-in pages", () => {
  const brandName = (page: Page) => page.getByRole('main').getByText('Harbor Roofing', { exact: true });
  const portalColor = (page: Page) => page.evaluate(() => document.documentElement.style.getPropertyValue('--portal-color'));

  it("show the invitation's company, and nothing for a link that does not work", async () => {
    for (const width of [375, 1280]) {
      const { context, page, consoleErrors } = await newPage(browser, { width, height: 800, baseURL: server.url });
      await page.goto(memberInvitation);
      await settle(page, page.getByRole('heading', { level: 1, name: "Join your company's portal" }));
      await expect.poll(() => brandName(page).isVisible(), LOAD).toBe(true);
      await expectUndistorted(page.getByRole('main').locator('img').first(), `the invitation page at ${width}`);
      await expect.poll(() => portalColor(page), LOAD).toBe(COLOR);
      await expectNoAxeViolations(page);
      await shot(page, `staff-invitation-${width}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
    const { context, page } = await newPage(browser, { width: 375, height: 800, baseURL: server.url });
    await page.goto(`/staff/invitation?token=999999.${'a'.repeat(43)}`);
    await settle(page, page.getByRole('heading', { level: 1, name: "Join your company's portal" }));
    expect(await page.getByRole('main').getByText('Project portal', { exact: true }).isVisible()).toBe(true);
    expect(await brandName(page).count()).toBe(0);
    await context.close();
  });

  it('show the company of the console this browser last opened, or of ?theme=', async () => {
    const fresh = await newPage(browser, { width: 375, height: 800, baseURL: server.url });
    await fresh.page.goto('/staff/login');
    await settle(fresh.page, fresh.page.getByRole('heading', { level: 1, name: 'Staff sign-in' }));
    expect(await fresh.page.getByRole('main').getByText('Project portal', { exact: true }).isVisible()).toBe(true);
    await fresh.page.goto('/staff/login?theme=harbor');
    await expect.poll(() => brandName(fresh.page).isVisible(), LOAD).toBe(true);
    await fresh.context.close();

    for (const width of [375, 1280]) {
      // A session of its own, which the sign-out ends.
      const { context, page } = await staffPage(browser, server, await ownerSession(), { width, height: 800 });
      await page.goto('/staff');
      await settle(page, page.getByRole('heading', { level: 1, name: 'Harbor Roofing' }));
      if (width === 375) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname, LOAD).toBe('/staff/login');
      await settle(page, page.getByRole('heading', { level: 1, name: 'Staff sign-in' }));
      await expect.poll(() => brandName(page).isVisible(), LOAD).toBe(true);
      await expect.poll(() => portalColor(page), LOAD).toBe(COLOR);
      await expectUndistorted(page.getByRole('main').locator('img').first(), `the staff sign-in at ${width}`);
      await expectNoAxeViolations(page);
      await shot(page, `staff-login-${width}`);
      await context.close();
    }
  });
});
