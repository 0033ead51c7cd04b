import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { acceptStaffInvitation, companyApi, createCompany, staffPage } from './support/staff';

/**
 * The console's inbox and audit log (docs/staff-console.md): a customer writes in the portal and the office sees it
 * arrive without a reload, opens it and it is read; an owner reads who did what. Another company sees none of it.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');
const PASSWORD = 'harbor-owner-password';

let server: RunningServer;
let browser: Browser;
let harbor: { apiKey: string; owner: string };
let other: { owner: string };
let customer = '';
let entity = 0;
let projectId = 0;

/** The customer's invitation, from the outbox folder the server writes mail to when it has no SMTP server. */
async function invitationToken(email: string): Promise<string> {
  const folder = path.join(server.dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    for (const name of (await readdir(folder).catch(() => [] as string[])).sort().reverse()) {
      const text = (await readFile(path.join(folder, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!text.includes(email)) continue;
      const token = /invitation\?token=([^&\s"<]+)/.exec(text)?.[1];
      if (token) return decodeURIComponent(token);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No invitation for ${email} in ${folder}`);
}

/** What the customer does in the portal, through its API (the portal's own pages are tested elsewhere). */
async function asCustomer(pathname: string, body: unknown) {
  const response = await fetch(`${server.url}/api${pathname}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${customer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'false' });
  browser = await launchChromium();
  const created = await createCompany(server, { name: 'Harbor Roofing', ownerEmail: 'owner@harbor.example', ownerName: 'Hana Harbor', color: '#0f766e' });
  harbor = { apiKey: created.apiKey, owner: await acceptStaffInvitation(server, created.invitation, PASSWORD) };
  const second = await createCompany(server, { name: 'Other Builders', ownerEmail: 'owner@other.example', ownerName: 'Otto Other' });
  other = { owner: await acceptStaffInvitation(server, second.invitation, PASSWORD) };

  const api = <T>(method: string, pathname: string, body?: unknown) => companyApi<T>(server, harbor.apiKey, method, pathname, body);
  await api('PATCH', '/company', { is_portal_project_notes_enabled: true, is_portal_file_sharing_enabled: true });
  const account = await api<{ id: number }>('POST', '/accounts', { name: 'The Smiths' });
  projectId = (await api<{ id: number }>('POST', '/projects', { name: 'Roof replacement', account_id: account.id })).id;
  const ann = await api<{ id: number }>('POST', '/portal-users', { email: 'ann@smith.example', first_name: 'Ann', last_name: 'Smith' });
  entity = (await api<{ id: number }>('POST', `/projects/${projectId}/shares`, { portal_user_id: ann.id })).id;
  await api('POST', `/portal-users/${ann.id}/invite`);
  const accepted = await fetch(`${server.url}/api/auth/invitation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: await invitationToken('ann@smith.example') }),
  });
  customer = ((await accepted.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the inbox', () => {
  it("shows a customer's note and message as they arrive, without a reload, and marks each read as it is opened", async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, harbor.owner);
    await page.goto('/staff/inbox');
    await page.getByRole('heading', { level: 2, name: 'Nothing here yet' }).waitFor();
    await expectNoAxeViolations(page);

    await asCustomer(`/notes?entity=${entity}`, { body: 'Can the crew park on the street side?' });
    // The page polls: the note shows in the open inbox, and the menu counts it.
    await page.getByText('Can the crew park on the street side?').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('link', { name: 'Inbox 1 unread' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await asCustomer('/contact/messages', {
      entity,
      subject: 'Gutters',
      message: 'While you are up there, could you look at the gutters?\nThe back one leaks.',
    });
    await page.getByText('Gutters: While you are up there').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('link', { name: 'Inbox 2 unread' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByText('New', { exact: true }).count()).toBe(2);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-inbox-1280.png') });

    // The message opens in place, in full, and is read.
    await page.getByRole('link', { name: /Gutters: While you are up there/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Gutters' }).waitFor();
    await page.getByRole('region', { name: 'Gutters' }).getByText('The back one leaks.', { exact: false }).waitFor();
    expect(new URL(page.url()).searchParams.get('message')).toMatch(/^\d+$/);
    await expect.poll(() => page.getByRole('link', { name: 'Inbox 1 unread' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Close the message' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Gutters' }).count()).toBe(0);

    // The note links to the project's notes tab; opening it marks it read.
    const note = page.getByRole('link', { name: /Can the crew park/ });
    expect(await note.getAttribute('href')).toBe(`/staff/projects/${projectId}/notes`);
    await note.click();
    await page.waitForURL(`**/staff/projects/${projectId}/notes`);
    await page.goto('/staff/inbox');
    await page.getByText('Everything is read.').waitFor();
    expect(await page.getByRole('link', { name: 'Inbox', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('New', { exact: true }).count()).toBe(0);
    expect(consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
    await context.close();
  });

  it('works on a phone, with mark all read', async () => {
    await asCustomer(`/notes?entity=${entity}`, {
      body: 'One more thing: the skylight rattles in the wind. Could someone have a look at it when the crew is back on Thursday?',
    });
    const { context, page } = await staffPage(browser, server, harbor.owner, { width: 375, height: 800 });
    await page.goto('/staff/inbox');
    await page.getByText('One more thing: the skylight rattles').waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-inbox-375.png'), fullPage: true });
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByText('Everything is read.').waitFor();
    await page.getByRole('button', { name: 'Unread' }).click();
    await page.getByRole('heading', { level: 2, name: 'Nothing unread' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows another company none of it, not even a message by its id', async () => {
    const { context, page } = await staffPage(browser, server, other.owner);
    await page.goto('/staff/inbox');
    await page.getByRole('heading', { level: 2, name: 'Nothing here yet' }).waitFor();
    const harborMessage = await companyApi<{ data: { id: number }[] }>(server, harbor.apiKey, 'GET', '/contact-messages');
    await page.goto(`/staff/inbox?message=${harborMessage.data[0]!.id}`);
    await page.getByRole('heading', { level: 2, name: 'Message not found' }).waitFor();
    expect(await page.getByText('Gutters').count()).toBe(0);
    await context.close();
  });
});

describe('the audit log', () => {
  it('shows an owner who did what, filtered by actor, as a table on a desktop', async () => {
    const { context, page } = await staffPage(browser, server, harbor.owner);
    await page.goto('/staff/audit-log');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const table = page.getByRole('table');
    await table.getByText('Add a customer account', { exact: false }).waitFor();
    expect(await table.getByText('Hana Harbor').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-audit-log-1280.png') });
    await page.getByLabel('Actor').selectOption({ label: 'Hana Harbor (Staff)' });
    await expect.poll(() => table.getByText('Add a customer account', { exact: false }).count()).toBe(0);
    expect(await table.getByText('Accept an invitation to the staff console', { exact: false }).count()).toBe(1);
    await context.close();
  });

  it('shows cards on a phone', async () => {
    const { context, page } = await staffPage(browser, server, harbor.owner, { width: 375, height: 800 });
    await page.goto('/staff/audit-log');
    const cards = page.getByRole('list', { name: 'Audit log, newest first' });
    await cards.getByText('Add a customer account', { exact: false }).waitFor();
    expect(await page.getByRole('table').isVisible()).toBe(false);
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-audit-log-375.png') });
    await context.close();
  });
});
