import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { DEMO, storeToken } from './support/auth';
import { launchChromium } from './support/chromium';
import { companyCommand } from './support/company-cli';
import { expectNoAxeViolations, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';

/**
 * The notes thread and the contact page (docs/requirements.md 11.3, 11.7) end to end, in a real Chromium against a server of
 * this file's own, which sends mail to a real SMTP server and has API keys made with the company
 * command through it (the company side of a note is the integration API, as a CRM would call it).
 *
 * Over 30 s: a server of its own with real mail, and a thread that must update without a reload while both sides
 * write.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');

let browser: Browser;
let smtp: TestSmtpServer;
let server: RunningServer;
let dataDir: string;
let acmeKey: string;
let brightsideKey: string;
let token: string;
const entities = { kitchen: 0, lakeHouse: 0 };
const staffIds = { dana: 0, omar: 0 };
let kitchenProject = 0;

const cli = (args: string[]) => companyCommand({ url: server.url, dataDir }, args);

async function api<T>(method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.body ? { 'content-type': 'application/json' } : {}) },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

const companyNote = (body: string, extra: Record<string, unknown> = {}) =>
  api(`POST`, `/api/integration/projects/${kitchenProject}/notes`, { token: acmeKey, body: { body, author_staff_id: staffIds.omar, ...extra } });

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-notes-'));
  // The server on the demo, then the companies' keys through it, as the operator makes them.
  server = await startServer({ SMTP_URL: smtp.url, DATA_DIR: dataDir });
  acmeKey = /ppk_\S+/.exec(await cli(['create-api-key', '--company', '1', '--name', 'e2e']))![0];
  brightsideKey = /ppk_\S+/.exec(await cli(['create-api-key', '--company', '2', '--name', 'e2e']))![0];
  browser = await launchChromium();

  token = (await api<{ token: string }>('POST', '/api/auth/login', { body: DEMO.customer })).body.token;
  const list = await api<{ data: { id: number; model_id: number; company_id: number; model: { name: string | null; rep_primary_id: number } }[] }>(
    'GET',
    '/api/entities?include=model',
    { token },
  );
  const kitchen = list.body.data.find((entity) => entity.model.name === 'Kitchen remodel')!;
  entities.kitchen = kitchen.id;
  kitchenProject = kitchen.model_id;
  entities.lakeHouse = list.body.data.find((entity) => entity.company_id === 2)!.id;
  staffIds.dana = kitchen.model.rep_primary_id;
  // Omar is the unnamed garage project's rep.
  staffIds.omar = list.body.data.find((entity) => entity.company_id === 1 && entity.model.name === null)!.model.rep_primary_id;
  await mkdir(screenshots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function open(url: string, width = 1280, height = 800): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height } });
  await storeToken(context, token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { context, page, errors };
}

const thread = (page: Page) => page.getByRole('log', { name: 'Notes' });

describe('the notes thread', () => {
  it('reads the demo thread: by day, authors with pictures, own notes set apart, links clickable, no internal notes', async () => {
    const { context, page, errors } = await open(`/notes?entity=${entities.kitchen}`);
    await page.getByRole('heading', { level: 1, name: /Notes.*Kitchen remodel/ }).waitFor();
    const log = thread(page);
    await log.getByText('Demolition starts Monday at 8 am', { exact: false }).waitFor();
    // Oldest at the top, newest at the bottom.
    const texts = await log.locator('article').allInnerTexts();
    expect(texts[0]).toContain('Demolition starts Monday');
    expect(texts[texts.length - 1]).toContain('tell the fabricator on Tuesday');
    // Grouped by day.
    expect(await log.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(5);
    // Staff with their picture, the customer's own notes as "You".
    await expect.poll(() => log.getByRole('article', { name: /^Dana Whitfield/ }).count()).toBeGreaterThan(3);
    expect(await log.locator('article img[src$="/brand/avatars/dana.svg"]').count()).toBeGreaterThan(0);
    const own = log.getByRole('article', { name: /^You,/ });
    expect(await own.count()).toBeGreaterThan(3);
    // Set apart: the customer's bubbles sit on the right, the company's on the left.
    const ownBox = (await own.first().locator('p').boundingBox())!;
    const staffBox = (await log
      .getByRole('article', { name: /^Dana Whitfield/ })
      .first()
      .locator('p')
      .boundingBox())!;
    expect(ownBox.x).toBeGreaterThan(staffBox.x + 100);
    // Links become links, and nothing else.
    const link = log.getByRole('link', { name: 'https://acme-builders.example.com/finishes/countertop-edges' });
    expect(await link.getAttribute('href')).toBe('https://acme-builders.example.com/finishes/countertop-edges');
    // Internal notes never reach the page.
    expect(await page.content()).not.toContain('Omar, please add a dolly');
    expect(await page.content()).not.toContain('Bottom plate rot');
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'notes-1280.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone', async () => {
    const { context, page } = await open(`/notes?entity=${entities.kitchen}`, 375, 740);
    await thread(page).getByText('tell the fabricator on Tuesday', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await settledScreenshot(page, { path: path.join(screenshots, 'notes-375.png') });
    await context.close();
  });

  it('posts a note with a picture: shown at once, emailed to the rep, still there after a reload', async () => {
    const { context, page } = await open(`/notes?entity=${entities.kitchen}`);
    const composer = page.getByRole('textbox', { name: 'Note' });
    await composer.waitFor();
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    await page.getByLabel('Attach images or PDFs', { exact: true }).setInputFiles({ name: 'backsplash.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('list', { name: 'Files to attach' }).getByText('backsplash.png').waitFor();
    // Shift+Enter breaks the line; Enter sends.
    await composer.fill('Here is the backsplash tile we picked.');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('<b>Not bold</b> https://tiles.example.com/zellige');
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe('');
    const mine = thread(page).getByRole('article', { name: /^You,/ }).filter({ hasText: 'Here is the backsplash tile we picked.' });
    await mine.waitFor();
    await mine.getByRole('img', { name: 'backsplash.png' }).waitFor();
    expect(await mine.getByText('<b>Not bold</b>', { exact: false }).count()).toBe(1);
    expect(await mine.getByRole('link', { name: 'https://tiles.example.com/zellige' }).count()).toBe(1);

    const mail = await smtp.waitFor((message) => message.text?.includes('Here is the backsplash tile we picked.') ?? false);
    expect(mail.to).toEqual(['dana@acme-builders.example.com']);
    expect(mail.text).toContain('Attached: backsplash.png');

    await page.reload();
    const again = thread(page).getByRole('article', { name: /^You,/ }).filter({ hasText: 'Here is the backsplash tile we picked.' });
    await again.waitFor();
    const image = again.getByRole('img', { name: 'backsplash.png' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await context.close();
  });

  it('shows a note the company adds within 15 seconds, without a reload, and never an internal one', async () => {
    const { context, page } = await open(`/notes?entity=${entities.kitchen}`);
    await thread(page).getByText('tell the fabricator on Tuesday', { exact: false }).waitFor();
    expect((await companyNote('Office only: order the grout', { shared_with_portal: false })).status).toBe(201);
    expect((await companyNote('The tile arrived and looks great. Install starts Thursday.')).status).toBe(201);
    const started = Date.now();
    await thread(page).getByText('The tile arrived and looks great.', { exact: false }).waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await page.content()).not.toContain('Office only: order the grout');
    await context.close();
  });

  it('marks what came since the last visit', async () => {
    // The visit above read everything; a note arrives while the customer is away.
    expect((await companyNote('Grout color samples are on the counter for you.')).status).toBe(201);
    const { context, page } = await open(`/notes?entity=${entities.kitchen}`);
    const marker = page.getByRole('note').filter({ hasText: 'New since your last visit' });
    await marker.waitFor();
    const markerBox = (await marker.boundingBox())!;
    const noteBox = (await thread(page).getByText('Grout color samples are on the counter', { exact: false }).boundingBox())!;
    expect(noteBox.y).toBeGreaterThan(markerBox.y);
    await context.close();
  });

  it('keeps the draft across a reload, and marks a refused note as failed with a retry', async () => {
    const { context, page } = await open(`/notes?entity=${entities.kitchen}`);
    const composer = page.getByRole('textbox', { name: 'Note' });
    await composer.fill('A draft I am still writing');
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Note' }).inputValue()).toBe('A draft I am still writing');

    // The network drops the first try; the note stays on screen, marked, with its text kept.
    let dropped = false;
    await page.route('**/api/notes?entity=*', async (route) => {
      if (route.request().method() === 'POST' && !dropped) {
        dropped = true;
        await route.abort('connectionfailed');
      } else {
        await route.continue();
      }
    });
    await page.getByRole('textbox', { name: 'Note' }).fill('Sent on a bad connection');
    await page.getByRole('button', { name: 'Send note' }).click();
    const failed = thread(page).getByRole('article', { name: 'Your note, not sent' });
    await failed.waitFor();
    await page.reload();
    await thread(page).getByRole('article', { name: 'Your note, not sent' }).filter({ hasText: 'Sent on a bad connection' }).waitFor();
    await thread(page).getByRole('button', { name: 'Retry' }).click();
    await thread(page).getByRole('article', { name: /^You,/ }).filter({ hasText: 'Sent on a bad connection' }).waitFor();
    expect(await thread(page).getByRole('article', { name: 'Your note, not sent' }).count()).toBe(0);
    await context.close();
  });

  it('is neither linked nor reachable while the company has notes switched off', async () => {
    const off = await api('PATCH', '/api/integration/company', { token: brightsideKey, body: { is_portal_project_notes_enabled: false } });
    expect(off.status).toBe(200);
    try {
      const { context, page } = await open(`/?entity=${entities.lakeHouse}`);
      const areas = page.getByRole('navigation', { name: 'Project areas' });
      await areas.getByRole('link', { name: /Contact/ }).waitFor();
      expect(await areas.getByRole('link', { name: /Notes/ }).count()).toBe(0);
      await page.goto(`/notes?entity=${entities.lakeHouse}`);
      await page.getByText('Notes are not available').waitFor();
      expect(await page.getByRole('textbox', { name: 'Note' }).count()).toBe(0);
      expect((await api('GET', `/api/notes?entity=${entities.lakeHouse}`, { token })).status).toBe(404);
      await context.close();
    } finally {
      await api('PATCH', '/api/integration/company', { token: brightsideKey, body: { is_portal_project_notes_enabled: true } });
    }
    const { context, page } = await open(`/?entity=${entities.lakeHouse}`);
    await page.getByRole('navigation', { name: 'Project areas' }).getByRole('link', { name: /Notes/ }).waitFor();
    await context.close();
  });
});

describe('the contact page', () => {
  it("shows the company and the rep, and a message reaches the company's inbox", async () => {
    const { context, page, errors } = await open(`/contact?entity=${entities.kitchen}`);
    await page.getByRole('heading', { level: 2, name: 'Acme Builders' }).waitFor();
    expect(await page.getByRole('link', { name: '(512) 555-0134' }).getAttribute('href')).toBe('tel:5125550134');
    expect(
      await page
        .getByRole('link', { name: /acme-builders\.example\.com/ })
        .first()
        .getAttribute('href'),
    ).toBe('https://acme-builders.example.com');
    await page.getByText('Dana Whitfield').waitFor();
    await page.getByText('Project Manager').waitFor();
    expect(await page.getByRole('link', { name: 'dana@acme-builders.example.com' }).getAttribute('href')).toBe('mailto:dana@acme-builders.example.com');
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'contact-1280.png'), fullPage: true });

    await page.getByRole('textbox', { name: 'Subject' }).fill('Cabinet hardware');
    await page.getByRole('textbox', { name: 'Message' }).fill('Could we see the brass pulls before they are installed?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message sent').first().waitFor();
    const mail = await smtp.waitFor((message) => message.subject.includes('Cabinet hardware'));
    // About a project, the project's primary rep hears of it (docs/decisions/114-every-customer-action-reaches-the-office.md).
    expect(mail.to).toEqual(['dana@acme-builders.example.com']);
    expect(mail.subject).toBe('Portal message: Cabinet hardware');
    expect(mail.text).toContain('Could we see the brass pulls before they are installed?');
    expect(mail.headers['reply-to']).toContain(DEMO.customer.email);
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone, and without a project offers the companies to choose from', async () => {
    const { context, page } = await open(`/contact?entity=${entities.kitchen}`, 375, 740);
    await page.getByRole('heading', { level: 2, name: 'Acme Builders' }).waitFor();
    await page.getByText('Dana Whitfield').waitFor();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await settledScreenshot(page, { path: path.join(screenshots, 'contact-375.png'), fullPage: true });

    await page.goto('/contact');
    await page.getByRole('heading', { level: 2, name: 'Brightside Remodeling' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Acme Builders' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Project: Lake house bathroom' }).click();
    await page.getByText('Priya Natarajan').waitFor();
    await context.close();
  });
});
