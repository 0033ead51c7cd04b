import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { DEMO, storeToken } from './support/auth';
import { launchChromium } from './support/chromium';
import { companyCommand } from './support/company-cli';
import { expectNoAxeViolations, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';

/**
 * Email notices end to end (docs/decisions/041-notice-unsubscribe-tokens.md): the settings page reached from the user
 * menu on desktop and phone, and the unsubscribe link of a real notice, received by a real SMTP server, opened in a
 * browser where nobody is signed in. The company side of a note is the integration API, with a key the company CLI
 * makes before the server starts.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 800 };

let browser: Browser;
let smtp: TestSmtpServer;
let server: RunningServer;
let dataDir: string;
let acmeKey: string;
let token: string;
let kitchenProject = 0;

async function api<T>(method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.body ? { 'content-type': 'application/json' } : {}) },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}

async function openSignedIn(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  await storeToken(context, token);
  const page = await context.newPage();
  return { context, page };
}

const companyNote = (body: string) => api('POST', `/api/integration/projects/${kitchenProject}/notes`, { token: acmeKey, body: { body } });
const settings = async () => (await api<Record<string, boolean>>('GET', '/api/account/notifications', { token })).body;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-notifications-'));
  // The server on the demo, then the company's key through it, as the operator makes one.
  server = await startServer({ SMTP_URL: smtp.url, DATA_DIR: dataDir });
  acmeKey = /ppk_\S+/.exec(await companyCommand({ url: server.url, dataDir }, ['create-api-key', '--company', '1', '--name', 'e2e']))![0];
  browser = await launchChromium();
  await mkdir(screenshots, { recursive: true });

  token = (await api<{ token: string }>('POST', '/api/auth/login', { body: DEMO.customer })).body.token;
  const list = await api<{ data: { model_id: number; model: { name: string | null } }[] }>('GET', '/api/entities?include=model', { token });
  kitchenProject = list.body.data.find((entity) => entity.model.name === 'Kitchen remodel')!.model_id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('email notification settings', () => {
  it('are reached from the user menu, switch one kind off with a confirmation, and keep it', async () => {
    const { context, page } = await openSignedIn();
    await page.goto('/');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Email notifications' }).click();
    await page.getByRole('heading', { level: 1, name: 'Email notifications' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/notifications');

    const group = page.getByRole('group', { name: 'Email me when the company…' });
    for (const name of ['New notes', 'Invoices', 'Shared documents', 'Shared photo albums']) {
      expect(await group.getByRole('checkbox', { name }).isChecked()).toBe(true);
    }
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'notifications-1280.png'), fullPage: true });

    await group.getByRole('checkbox', { name: 'Shared documents' }).uncheck();
    await page.getByRole('button', { name: 'Save email settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Your email settings are saved.' }).waitFor();
    await expectNoAxeViolations(page);
    expect(await settings()).toEqual({ note: true, invoice: true, document: false, album: true, proposal: true, schedule: true, change_order: true });

    await page.reload();
    await group.getByRole('checkbox', { name: 'Shared documents' }).waitFor();
    expect(await group.getByRole('checkbox', { name: 'Shared documents' }).isChecked()).toBe(false);
    expect(await group.getByRole('checkbox', { name: 'New notes' }).isChecked()).toBe(true);
    await context.close();
  });

  it('are in the phone menu too', async () => {
    const { context, page } = await openSignedIn(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Email notifications' }).click();
    await page.getByRole('heading', { level: 1, name: 'Email notifications' }).waitFor();
    await page.getByRole('group', { name: 'Email me when the company…' }).waitFor();
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'notifications-375.png'), fullPage: true });
    await context.close();
  });
});

describe('the unsubscribe link of a notice', () => {
  it('turns that kind off from a browser where nobody is signed in, and says what it turned off', async () => {
    const sentAfter = smtp.messages.length;
    expect((await companyNote('The cabinets arrive on Thursday')).status).toBe(201);
    const mail: ReceivedMail = await smtp.waitFor((message) => message.to.includes(DEMO.customer.email) && smtp.messages.indexOf(message) >= sentAfter);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/notifications\/unsubscribe\?token=[^>]+>$/);
    const link = /^Stop emails about new notes: (\S+)$/m.exec(mail.text ?? '')?.[1];
    expect(link).toMatch(/\/unsubscribe\?token=/);

    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
    await page.getByText('You will no longer get emails about new notes. You can turn them back on in your account settings.').waitFor();
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    // In the company's colours, as the email was, and so is the way on to the settings.
    expect(new URL(page.url()).searchParams.get('theme')).toBe('acme');
    await page.getByText('Acme Builders', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Choose which emails you get' }).getAttribute('href')).toBe('/account/notifications?theme=acme');
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'unsubscribe-375.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await settledScreenshot(page, { path: path.join(screenshots, 'unsubscribe-1280.png'), fullPage: true });
    expect(await settings()).toEqual({ note: false, invoice: true, document: false, album: true, proposal: true, schedule: true, change_order: true });

    // The signed-in settings page shows it off; a broken link says so clearly.
    const signedIn = await openSignedIn();
    await signedIn.page.goto('/account/notifications');
    const group = signedIn.page.getByRole('group', { name: 'Email me when the company…' });
    await group.getByRole('checkbox', { name: 'New notes' }).waitFor();
    expect(await group.getByRole('checkbox', { name: 'New notes' }).isChecked()).toBe(false);
    await signedIn.context.close();

    await page.goto('/unsubscribe?token=1.note.forged');
    await page.getByRole('heading', { level: 1, name: 'This link did not work' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("works with a mail client's one-click POST to the List-Unsubscribe address: no session, no script", async () => {
    await api('PATCH', '/api/account/notifications', { token, body: { note: true } });
    const sentAfter = smtp.messages.length;
    expect((await companyNote('Paint colours are in')).status).toBe(201);
    const mail = await smtp.waitFor((message) => message.to.includes(DEMO.customer.email) && smtp.messages.indexOf(message) >= sentAfter);
    const address = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    const response = await fetch(address, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect((await settings()).note).toBe(false);
  });
});
