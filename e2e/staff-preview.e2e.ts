import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREVIEW_READ_ONLY_MESSAGE, PREVIEW_STORAGE_KEY } from '@portal/contract/constants';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { acceptStaffInvitation, companyApi, createCompany, staffPage } from './support/staff';

/**
 * "Preview as customer" (docs/staff-console.md): from a project in the console, the owner opens the portal in a new tab
 * as the customer sees it; the tab says so on every page, its write controls are disabled, the API refuses a write
 * anyway, and "End preview" goes back to the console's project.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');

let server: RunningServer;
let browser: Browser;
let ownerToken = '';
let otherOwnerToken = '';
let projectId = 0;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'false' });
  browser = await launchChromium();
  const harbor = await createCompany(server, { name: 'Harbor Roofing', ownerEmail: 'owner@harbor.example', ownerName: 'Hana Harbor', color: '#0f766e' });
  ownerToken = await acceptStaffInvitation(server, harbor.invitation, 'harbor-owner-password');
  const other = await createCompany(server, { name: 'Summit Siding', ownerEmail: 'owner@summit.example', ownerName: 'Sam Summit' });
  otherOwnerToken = await acceptStaffInvitation(server, other.invitation, 'summit-owner-password');

  // The areas a customer sees: the project's details, its notes and documents.
  await companyApi(server, harbor.apiKey, 'PATCH', '/company', {
    is_portal_project_info_enabled: true,
    is_portal_project_notes_enabled: true,
    is_portal_file_sharing_enabled: true,
  });
  const project = await companyApi<{ id: number }>(server, harbor.apiKey, 'POST', '/projects', {
    name: 'Roof replacement',
    number: 'HR-1001',
    address_street: '12 Quay Street',
    address_city: 'Portland',
    address_state: 'ME',
  });
  projectId = project.id;
  const casey = await companyApi<{ id: number }>(server, harbor.apiKey, 'POST', '/portal-users', {
    email: 'casey@example.com',
    first_name: 'Casey',
    last_name: 'Morgan',
  });
  const jo = await companyApi<{ id: number }>(server, harbor.apiKey, 'POST', '/portal-users', { email: 'jo@example.com', first_name: 'Jo', last_name: 'Lee' });
  for (const user of [casey, jo]) await companyApi(server, harbor.apiKey, 'POST', `/projects/${projectId}/shares`, { portal_user_id: user.id });
  await companyApi(server, harbor.apiKey, 'POST', `/projects/${projectId}/notes`, { body: 'The shingles arrive on Monday.' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The pages load on a busy machine: a poll waits longer than vitest's default second. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** The console's project page, with the customer picked and the preview opened in a new tab. */
async function openPreview(width: number, customer: string) {
  const opened = await staffPage(browser, server, ownerToken, { width, height: 800 });
  const { context, page } = opened;
  await page.goto(`/staff/projects/${projectId}`);
  await poll(() => page.getByRole('heading', { level: 2, name: 'Preview as customer' }).isVisible()).toBe(true);
  await page.getByLabel('Customer', { exact: true }).selectOption({ label: customer });
  await expectNoAxeViolations(page);
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Preview as customer' }).click()]);
  await tab.waitForLoadState();
  return { ...opened, tab };
}

const banner = (tab: Page) => tab.getByRole('region', { name: 'Preview' });

describe('preview as customer', () => {
  it('opens the portal as the customer sees the project, read-only, and ends back in the console', async () => {
    const { context, page, tab } = await openPreview(1280, 'Casey Morgan (casey@example.com)');
    await poll(() => banner(tab).textContent()).toContain('Preview: you see the portal as Casey Morgan sees it. Nothing can be changed here.');
    await poll(() => tab.getByRole('heading', { level: 1, name: 'Roof replacement' }).isVisible()).toBe(true);
    // The token never stays in the address bar, and the console's tab is still the console.
    expect(new URL(tab.url()).hash).toBe('');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), PREVIEW_STORAGE_KEY)).toBeNull();
    await expectNoAxeViolations(tab);
    await settledScreenshot(tab, { path: path.join(screenshots, 'staff-preview-1280.png') });

    // The notes thread reads as the customer's, with the composer disabled.
    await tab.getByRole('link', { name: 'Notes' }).first().click();
    await poll(() => tab.getByText('The shingles arrive on Monday.').isVisible()).toBe(true);
    await poll(() => banner(tab).isVisible()).toBe(true);
    expect(await tab.getByRole('textbox', { name: 'Note' }).isDisabled()).toBe(true);
    expect(await tab.getByRole('button', { name: 'Send note' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(tab);
    await settledScreenshot(tab, { path: path.join(screenshots, 'staff-preview-notes-1280.png') });

    // Around the disabled controls, the API itself refuses a write with the preview's session.
    const refused = await tab.evaluate(async (key) => {
      const { token } = JSON.parse(sessionStorage.getItem(key)!) as { token: string };
      const entity = new URL(location.href).searchParams.get('entity');
      const response = await fetch('/api/notes', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ entity: Number(entity), body: 'Written in a preview' }),
      });
      return { status: response.status, body: await response.json() };
    }, PREVIEW_STORAGE_KEY);
    expect(refused).toEqual({ status: 403, body: { message: PREVIEW_READ_ONLY_MESSAGE } });

    await tab.getByRole('button', { name: 'End preview' }).click();
    await poll(() => new URL(tab.url()).pathname).toBe(`/staff/projects/${projectId}`);
    await poll(() => tab.getByRole('heading', { level: 1, name: 'Roof replacement' }).isVisible()).toBe(true);
    expect(await tab.evaluate((key) => sessionStorage.getItem(key), PREVIEW_STORAGE_KEY)).toBeNull();
    // Ended on the server too: the portal in that tab is signed out.
    await tab.goto('/');
    await poll(() => new URL(tab.url()).pathname).toBe('/login');
    await context.close();
  });

  it('works at phone width, for another customer', async () => {
    const { context, tab, page } = await openPreview(375, 'Jo Lee (jo@example.com)');
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-preview-overview-375.png'), fullPage: true });
    await poll(() => banner(tab).textContent()).toContain('you see the portal as Jo Lee sees it');
    await poll(() => tab.getByRole('heading', { level: 1, name: 'Roof replacement' }).isVisible()).toBe(true);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(tab);
    await settledScreenshot(tab, { path: path.join(screenshots, 'staff-preview-375.png') });
    await context.close();
  });

  it("shows another company's project as Page not found, and offers nothing to preview", async () => {
    const { context, page } = await staffPage(browser, server, otherOwnerToken);
    await page.goto(`/staff/projects/${projectId}`);
    await poll(() => page.getByRole('heading', { level: 1, name: 'Page not found' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Preview as customer' }).count()).toBe(0);
    await context.close();
  });
});
