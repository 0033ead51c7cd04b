import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOKEN_STORAGE_KEY } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, newPage, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { acceptStaffInvitation, companyApi, createCompany, invitedCustomer, staffPage } from './support/staff';

/**
 * A project's notes and documents in the staff console (docs/staff-console.md): the owner posts an internal note and a
 * shared one with a photo, a customer's reply shows up without a reload, a PDF is uploaded and shared and the customer
 * finds it in the portal, and the customer's own upload downloads in the console. Another company's project is not found.
 *
 * Over 30 s: the office and the customer in two browsers on a server of its own, each waiting for what the other
 * sent.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 300]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Pages load their code and data on a machine shared with other tests: wait for them longer than a second. */
const LOAD = { timeout: 10_000 };

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let work: string;
let apiKey = '';
let ownerToken = '';
let customerToken = '';
let projectId = 0;
let entityId = 0;
let otherProjectId = 0;

/** The portal's API as the customer calls it. */
async function asCustomer<T>(method: string, url: string, body?: BodyInit, json?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { Authorization: `Bearer ${customerToken}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: json === undefined ? body : JSON.stringify(json),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'false' });
  browser = await launchChromium();
  work = await mkdtemp(path.join(tmpdir(), 'portal-staff-notes-'));

  const company = await createCompany(server, { name: 'Harbor Roofing', ownerEmail: 'owner@harbor.example', ownerName: 'Hana Harbor', color: '#0f766e' });
  apiKey = company.apiKey;
  ownerToken = await acceptStaffInvitation(server, company.invitation, 'harbor-owner-password');
  await companyApi(server, apiKey, 'PATCH', '/company', { is_portal_project_notes_enabled: true, is_portal_file_sharing_enabled: true });
  projectId = (await companyApi<{ id: number }>(server, apiKey, 'POST', '/projects', { name: 'Roof replacement', number: 'HR-1001' })).id;

  // A customer the project is shared with, signed in through the emailed invitation.
  ({ token: customerToken, entityId } = await invitedCustomer(server, smtp, apiKey, projectId));

  // Another company, whose project the first one's staff must not reach.
  const other = await createCompany(server, { name: 'Lakeside Builders', ownerEmail: 'owner@lakeside.example' });
  otherProjectId = (await companyApi<{ id: number }>(server, other.apiKey, 'POST', '/projects', { name: 'Lake house' })).id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const notesPath = () => `/staff/projects/${projectId}/notes`;
const documentsPath = () => `/staff/projects/${projectId}/documents`;
const note = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

describe('notes in the staff console', () => {
  it('posts an internal note and a shared one with a photo, and shows a customer’s reply without a reload', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken);
    await page.goto(notesPath());
    await expect.poll(() => page.getByRole('heading', { name: 'No notes yet' }).isVisible(), LOAD).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByLabel('Note', { exact: true }).fill('Check the flashing before the customer walk-through.');
    await page.getByRole('checkbox', { name: 'Internal note' }).check();
    await page.getByRole('button', { name: 'Send note' }).click();
    await expect.poll(() => note(page, 'Check the flashing').getByText('Internal: customers do not see this').isVisible(), LOAD).toBe(true);
    expect(await note(page, 'Check the flashing').getByText('Hana Harbor (you)').isVisible()).toBe(true);
    // The box is cleared and back to a shared note (a render of its own, which may come just after the note shows).
    await expect.poll(() => page.getByLabel('Note', { exact: true }).inputValue(), LOAD).toBe('');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Internal note' }).isChecked(), LOAD).toBe(false);

    const photo = path.join(work, 'ridge.png');
    await writeFile(
      photo,
      await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 15, g: 118, b: 110 } } })
        .png()
        .toBuffer(),
    );
    await page.getByLabel('Attach images or PDFs', { exact: true }).setInputFiles(photo);
    await page.getByLabel('Note', { exact: true }).fill('The new ridge vent is in. Photo attached.');
    await page.getByRole('button', { name: 'Send note' }).click();
    await expect.poll(() => note(page, 'The new ridge vent').getByRole('img', { name: 'ridge.png' }).isVisible(), LOAD).toBe(true);
    expect(await note(page, 'The new ridge vent').getByText('Internal: customers do not see this').count()).toBe(0);

    // The customer reads the shared note only, and answers from the portal.
    const thread = await asCustomer<{ data: { body: string; author: { name: string }; attachments: unknown[] }[] }>('GET', `/notes?entity=${entityId}`);
    expect(thread.data.map((each) => each.body)).toEqual(['The new ridge vent is in. Photo attached.']);
    expect(thread.data[0]!.author.name).toBe('Hana Harbor');
    expect(thread.data[0]!.attachments).toHaveLength(1);
    await asCustomer('POST', `/notes?entity=${entityId}`, undefined, { body: 'Looks great, thank you! When do the gutters go on?' });
    // Within the poll (10 s), with no reload.
    await expect.poll(() => note(page, 'When do the gutters go on?').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await note(page, 'When do the gutters go on?').getByText('Customer', { exact: true }).isVisible()).toBe(true);
    // Newest first: the reply is above the owner's notes.
    const order = await page.getByRole('article').evaluateAll((articles) => articles.map((article) => article.textContent ?? ''));
    expect(order.findIndex((text) => text.includes('gutters'))).toBeLessThan(order.findIndex((text) => text.includes('ridge vent')));

    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-notes-1280.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('reads well at phone width, and says why a note was refused, keeping what was typed', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken, { width: 375, height: 800 });
    await page.goto(notesPath());
    await expect.poll(() => note(page, 'When do the gutters go on?').isVisible(), LOAD).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-notes-375.png'), fullPage: true });

    // Named like a PDF, but a web page inside: the server refuses it and keeps nothing.
    const fake = path.join(work, 'gutters.pdf');
    await writeFile(fake, '<html><script>alert(1)</script></html>');
    await page.getByLabel('Attach images or PDFs', { exact: true }).setInputFiles(fake);
    await page.getByLabel('Note', { exact: true }).fill('Gutter quote attached.');
    await page.getByRole('button', { name: 'Send note' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'Write a note' }).getByRole('alert').textContent(), LOAD).toMatch(/gutters\.pdf|file/i);
    expect(await page.getByLabel('Note', { exact: true }).inputValue()).toBe('Gutter quote attached.');
    expect(await note(page, 'Gutter quote attached.').count()).toBe(0);
    expect(consoleErrors.filter((error) => !error.includes('422'))).toEqual([]);
    await context.close();
  });
});

describe('documents in the staff console', () => {
  it('uploads a PDF, shares it, and the customer finds it in the portal', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken);
    await page.goto(documentsPath());
    await expect.poll(() => page.getByRole('heading', { name: 'No company documents yet' }).isVisible(), LOAD).toBe(true);
    await expectNoAxeViolations(page);

    // A file of a kind the portal refuses: its message, and nothing kept.
    const fake = path.join(work, 'invoice.pdf');
    await writeFile(fake, '<html><script>alert(1)</script></html>');
    await page.getByLabel('Upload documents').setInputFiles(fake);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Nothing was uploaded.' }).isVisible(), LOAD).toBe(true);
    expect((await companyApi<{ total: number }>(server, apiKey, 'GET', `/projects/${projectId}/documents`)).total).toBe(0);

    const contract = path.join(work, 'Roof contract.pdf');
    const permit = path.join(work, 'Permit.pdf');
    await writeFile(contract, PDF);
    await writeFile(permit, PDF);
    await page.getByLabel('Upload documents').setInputFiles([contract, permit]);
    await expect.poll(() => page.getByText('2 documents uploaded.').isVisible(), LOAD).toBe(true);
    // The message and the refetched list are drawn apart: the row may come a moment after the message.
    const row = page.getByRole('listitem').filter({ hasText: 'Roof contract.pdf' });
    await expect.poll(() => row.getByText('Staff only').isVisible(), LOAD).toBe(true);
    await expect.poll(() => row.getByText('Hana Harbor').isVisible(), LOAD).toBe(true);

    await row.getByRole('button', { name: 'Share Roof contract.pdf' }).click();
    await expect.poll(() => row.getByText('Shared with customers').isVisible(), LOAD).toBe(true);
    await smtp.waitFor((message) => message.to.includes('ann@smith.example') && message.subject.startsWith('New document: Roof contract.pdf'));

    // Delete asks first; keeping it keeps it.
    const permitRow = page.getByRole('listitem').filter({ hasText: 'Permit.pdf' });
    await permitRow.getByRole('button', { name: 'Delete Permit.pdf' }).click();
    await expect.poll(() => page.getByRole('alertdialog', { name: 'Delete Permit.pdf?' }).isVisible(), LOAD).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect(await permitRow.isVisible()).toBe(true);
    await permitRow.getByRole('button', { name: 'Delete Permit.pdf' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('Permit.pdf').count(), LOAD).toBe(0);

    // The customer, in the portal.
    const portal = await newPage(browser, { baseURL: server.url });
    await portal.context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, customerToken] as const);
    await portal.page.goto(`/documents?entity=${entityId}`);
    await expect.poll(() => portal.page.getByText('Roof contract.pdf').first().isVisible(), LOAD).toBe(true);
    await portal.context.close();

    expect(consoleErrors.filter((error) => !error.includes('422'))).toEqual([]);
    await context.close();
  });

  it("downloads a customer's upload, at desktop and phone width", async () => {
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'Signed change order.pdf');
    await asCustomer('POST', `/entities/${entityId}/documents`, form);

    for (const width of [1280, 375]) {
      const { context, page } = await staffPage(browser, server, ownerToken, { width, height: 900 });
      await page.goto(documentsPath());
      const uploads = page.getByRole('list', { name: 'Uploaded by customers' });
      await expect.poll(() => uploads.getByText('Signed change order.pdf').isVisible(), LOAD).toBe(true);
      expect(await uploads.getByText('Ann Smith', { exact: false }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page);
      await settledScreenshot(page, { path: path.join(screenshots, `staff-documents-${width}.png`), fullPage: true });
      if (width === 1280) {
        const [download] = await Promise.all([page.waitForEvent('download'), uploads.getByRole('link', { name: 'Download Signed change order.pdf' }).click()]);
        expect(download.suggestedFilename()).toBe('Signed change order.pdf');
        expect((await readFile((await download.path())!)).subarray(0, 8).toString()).toBe('%PDF-1.4');
      }
      await context.close();
    }
  });
});

describe("another company's project", () => {
  it('reads Page not found in the console', async () => {
    const { context, page } = await staffPage(browser, server, ownerToken);
    for (const tab of ['notes', 'documents']) {
      await page.goto(`/staff/projects/${otherProjectId}/${tab}`);
      await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible(), LOAD).toBe(true);
    }
    await context.close();
  });
});

describe('an area switched off in the portal', () => {
  it('still opens in the console, saying customers see none of it', async () => {
    await companyApi(server, apiKey, 'PATCH', '/company', { is_portal_project_notes_enabled: false });
    const { context, page } = await staffPage(browser, server, ownerToken);
    await page.goto(notesPath());
    await expect.poll(() => page.getByRole('note').filter({ hasText: 'Notes are switched off in the portal' }).isVisible(), LOAD).toBe(true);
    // The notice comes with the company, the thread with its own read: the thread may still be loading.
    await expect.poll(() => note(page, 'When do the gutters go on?').isVisible(), LOAD).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
    await companyApi(server, apiKey, 'PATCH', '/company', { is_portal_project_notes_enabled: true });
  });
});
