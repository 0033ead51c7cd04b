import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { acceptStaffInvitation, companyApi, createCompany, staffPage, type CreatedCompany } from './support/staff';

/**
 * Projects in the staff console (docs/staff-console.md, "Projects"): an office manager adds a project with a new
 * account, finds it, sorts the list, edits it, picks its cover, invites its customer and takes the access back; another
 * company's project is not there for them.
 *
 * Over 30 s: a project's whole set-up in the console, from its account to its cover and its customer, on a server of
 * its own.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');

let server: RunningServer;
let browser: Browser;
let company: CreatedCompany;
let token = '';
let otherProject = 0;
let porch = 0;

type Created = { id: number };

/** A photo of one colour, so the cover picker has something to show. */
const photo = (color: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function uploadPhotos(albumId: number, colors: string[]) {
  const form = new FormData();
  for (const [index, color] of colors.entries())
    form.append('files', new Blob([new Uint8Array(await photo(color))], { type: 'image/jpeg' }), `site-${index + 1}.jpg`);
  const response = await fetch(`${server.url}/api/integration/albums/${albumId}/photos`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${company.apiKey}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'false' });
  browser = await launchChromium();
  company = await createCompany(server, { name: 'Cedar & Sons Builders', ownerEmail: 'owner@cedar.example', ownerName: 'Maya Cedar', color: '#9a3412' });
  token = await acceptStaffInvitation(server, company.invitation, 'cedar-owner-password');
  const api = <T>(method: string, url: string, body?: unknown) => companyApi<T>(server, company.apiKey, method, url, body);
  const statuses = (await api<{ data: { id: number; name: string }[] }>('GET', '/project-statuses')).data;
  const status = (name: string) => statuses.find((row) => row.name === name)!.id;
  // The projects the office already has: what the list is searched and sorted over.
  const existing = [
    { name: 'Porch repair', number: 'CS-101', status_id: status('In progress'), financials_balance_amount: '1200.00', account: { name: 'Hughes family' } },
    { name: 'Basement finish', number: 'CS-102', status_id: status('Scheduled'), financials_balance_amount: '9800.00', account: { name: 'Ortega household' } },
    { name: 'Fence line', number: 'CS-103', status_id: status('Estimate'), financials_balance_amount: '300.00', account: { name: 'Lindqvist, Ana' } },
  ];
  for (const project of existing) {
    const created = await api<Created>('POST', '/projects', project);
    if (project.name === 'Porch repair') porch = created.id;
  }
  const album = await api<Created>('POST', `/projects/${porch}/albums`, { name: 'Finished porch' });
  await uploadPhotos(album.id, ['#b45309', '#0f766e', '#1d4ed8']);
  await api('POST', `/albums/${album.id}/share`);

  const other = await createCompany(server, { name: 'Other Outfit', ownerEmail: 'owner@other.example' });
  otherProject = (await companyApi<Created>(server, other.apiKey, 'POST', '/projects', { name: 'Not yours' })).id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const visible = (locator: ReturnType<Page['getByRole']>) => expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);
/** The project names of the list's table, top to bottom. */
const tableNames = (page: Page) => page.locator('table tbody tr td:first-child a').allTextContents();

describe('projects in the console', () => {
  it('lists, creates with a new account, finds, sorts and edits a project', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, token);
    await page.goto('/staff');
    await visible(page.getByRole('heading', { name: 'Recently active projects' }));
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Projects' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Projects' }));
    await visible(page.getByRole('link', { name: 'Porch repair' }));
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-projects-1280.png'), fullPage: true });

    // A new project with a new account: a field the server refuses shows beside it, and nothing is saved.
    await page.getByRole('link', { name: 'New project' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'New project' }));
    await page.getByLabel('Name', { exact: true }).fill('Kitchen addition');
    await page.getByLabel('Number').fill('CS-104');
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Scheduled' });
    await page.getByLabel('Site type').selectOption({ label: 'Residential' });
    await page.getByLabel('Primary rep').selectOption({ label: 'Maya Cedar' });
    await page.getByLabel('Street').fill('88 Birch Road');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('Balance').fill('4500.00');
    await page.getByLabel('A new account').check();
    await page.getByLabel('Account name').fill('Nakamura residence');
    await page.getByLabel('Contact first name').fill('Ken');
    await page.getByLabel('Contact last name').fill('Nakamura');
    await page.getByLabel('Contact email').fill('ken@nakamura');
    await page.getByRole('button', { name: 'Create project' }).click();
    await visible(page.getByText('The email must be a valid email address.'));
    expect(await page.getByLabel('Contact email').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    const accounts = await companyApi<{ data: { name: string }[] }>(server, company.apiKey, 'GET', '/accounts?filter[search]=Nakamura');
    expect(accounts.data).toEqual([]);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-project-new-1280.png'), fullPage: true });
    await page.getByLabel('Contact email').fill('ken@nakamura.example');
    await page.getByRole('button', { name: 'Create project' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Kitchen addition' }));
    await visible(page.getByText('Nakamura residence'));

    // Found by its customer's name, and by its number.
    await page.getByRole('link', { name: '← All projects' }).click();
    await page.getByLabel('Search projects by name, number or customer').fill('nakamura');
    await expect.poll(() => tableNames(page)).toEqual(['Kitchen addition']);
    await page.getByLabel('Search projects by name, number or customer').fill('cs-102');
    await expect.poll(() => tableNames(page)).toEqual(['Basement finish']);
    await page.getByLabel('Search projects by name, number or customer').fill('');
    await expect.poll(() => (page.url().includes('q=') ? 'searching' : 'all')).toBe('all');

    // Sorted by balance, smallest first, then largest first.
    await page.getByRole('button', { name: 'Balance' }).click();
    await expect.poll(() => tableNames(page)).toEqual(['Fence line', 'Porch repair', 'Kitchen addition', 'Basement finish']);
    await page.getByRole('button', { name: 'Balance' }).click();
    await expect.poll(() => tableNames(page)).toEqual(['Basement finish', 'Kitchen addition', 'Porch repair', 'Fence line']);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-balance');

    // Edited on its overview.
    await page.getByRole('link', { name: 'Porch repair' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Porch repair' }));
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByLabel('Balance').fill('twelve');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('The balance amount must be a decimal', { exact: false }));
    await page.getByLabel('Name', { exact: true }).fill('Porch and steps repair');
    await page.getByLabel('Balance').fill('950.00');
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Completed' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('Changes saved.'));
    await visible(page.getByRole('heading', { level: 1, name: 'Porch and steps repair' }));
    await visible(page.getByText('$950.00'));

    // The cover, chosen from the shared album's photos.
    await page.getByRole('button', { name: 'Choose the cover' }).click();
    const third = page.getByRole('button', { name: 'Make photo 3 of Finished porch the cover' });
    await visible(third);
    expect(await page.getByRole('button', { name: 'Make photo 1 of Finished porch the cover' }).getAttribute('aria-pressed')).toBe('true');
    await third.click();
    await expect.poll(() => page.getByRole('button', { name: 'Choose the cover' }).isVisible()).toBe(true);
    const project = await companyApi<{ cover_photo: { id: number } }>(server, company.apiKey, 'GET', `/projects/${porch}?include=cover_photo`);
    const photos = await companyApi<{ data: { id: number }[] }>(
      server,
      company.apiKey,
      'GET',
      `/albums/${(await companyApi<{ data: { id: number }[] }>(server, company.apiKey, 'GET', `/projects/${porch}/albums`)).data[0]!.id}/photos`,
    );
    expect(project.cover_photo.id).toBe(photos.data[2]!.id);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-project-1280.png'), fullPage: true });
    expect(consoleErrors.filter((error) => !error.includes('422'))).toEqual([]);
    await context.close();
  });

  it('invites a customer, shows them as invited, and removes their access after asking', async () => {
    const { context, page } = await staffPage(browser, server, token);
    await page.goto(`/staff/projects/${porch}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Customers' }).click();
    await visible(page.getByRole('heading', { name: 'Nobody has access yet' }));
    await expectNoAxeViolations(page);
    await page.getByLabel('First name').fill('Olivia');
    await page.getByLabel('Last name').fill('Hughes');
    await page.getByLabel('Email').fill('olivia.hughes');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await visible(page.getByText('The email field must be a valid email address.', { exact: false }).or(page.getByText('valid email', { exact: false })));
    await page.getByLabel('Email').fill('olivia@hughes.example');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await visible(page.getByText('Invitation sent to olivia@hughes.example.'));
    const list = page.getByRole('list', { name: 'Customers with access' });
    await visible(list.getByText('Olivia Hughes'));
    await visible(list.getByText('Invited', { exact: true }));
    await page.getByRole('button', { name: 'Resend the invitation to Olivia Hughes' }).click();
    await visible(page.getByText('Invitation sent.'));
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-customers-1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Remove Olivia Hughes’s access' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove Olivia Hughes’s access?' });
    await visible(dialog);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Keep access' }).click();
    await visible(list.getByText('Olivia Hughes'));
    await page.getByRole('button', { name: 'Remove Olivia Hughes’s access' }).click();
    await dialog.getByRole('button', { name: 'Remove access' }).click();
    await visible(page.getByRole('heading', { name: 'Nobody has access yet' }));
    const shares = await companyApi<{ data: unknown[] }>(server, company.apiKey, 'GET', `/projects/${porch}/shares`);
    expect(shares.data).toEqual([]);
    await context.close();
  });

  it('fits a phone: the list as cards, the project and its customers', async () => {
    const { context, page } = await staffPage(browser, server, token, { width: 375, height: 800 });
    await page.goto('/staff/projects');
    const cards = page.getByRole('list', { name: /^Projects, sorted by/ });
    await visible(cards.getByRole('link', { name: /Basement finish/ }));
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-projects-375.png'), fullPage: true });

    await cards.getByRole('link', { name: /Porch and steps repair/ }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Porch and steps repair' }));
    await visible(page.getByRole('heading', { name: 'Cover photo' }));
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-project-375.png'), fullPage: true });

    await page.getByRole('button', { name: 'Edit details' }).click();
    await visible(page.getByRole('button', { name: 'Save changes' }));
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-project-edit-375.png'), fullPage: true });
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Customers' }).click();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Email').fill('sam@hughes.example');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await visible(page.getByRole('list', { name: 'Customers with access' }).getByText('Invited', { exact: true }));
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-customers-375.png'), fullPage: true });
    await context.close();
  });

  it("answers another company's project with Page not found", async () => {
    const { context, page } = await staffPage(browser, server, token);
    await page.goto(`/staff/projects/${otherProject}`);
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    await page.goto(`/staff/projects/${otherProject}/customers`);
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    await context.close();
  });
});
