import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { TOKEN_STORAGE_KEY } from '@portal/contract';
import { launchChromium } from './support/chromium';
import { companyCommand } from './support/company-cli';
import { expectNoAxeViolations, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';

/**
 * A contractor onboards its first real customer with nothing but the `company` command, on an empty portal
 * (docs/company-api.md): the company, its brand, a customer, a project, photos, a document and an invoice; the
 * customer follows the emailed invitation in Chromium, chooses a password and finds it all, and the two talk in notes.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let work: string;
let key = '';
let receiver: Server;
let hookUrl = '';
let hookSecret = '';
const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];
const ids = { project: '', invoice: '', customer: '' };
/** Every credential the run makes or sees: none may reach the server's log (docs/security.md). */
const secrets = new Map<string, string>();

/** The company command as a terminal runs it, against this file's server. */
const company = (args: string[]) => companyCommand(server, args, key);

const image = (width: number, height: number, color: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // At info, every request is logged: what the log-secrets test below reads.
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'false', LOG_LEVEL: 'info' });
  browser = await launchChromium();
  work = await mkdtemp(path.join(tmpdir(), 'portal-onboarding-'));
  await mkdir(screenshots, { recursive: true });
  // The company's own system, listening for the portal's webhooks.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hooks.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-events`;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await server?.stop();
  await smtp?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('onboarding a real customer from an empty portal', () => {
  it('sets the company up from the terminal: brand, customer, project, photos, document, invoice and a payment', async () => {
    const created = await company([
      'create-company',
      '--name',
      'Harbor Roofing',
      '--owner-email',
      'owner@harbor.example',
      '--theme-code',
      'harbor',
      '--color',
      '#0f766e',
    ]);
    key = /ppk_\S+/.exec(created)![0];
    secrets.set('API key', key);
    secrets.set("owner's invitation token", /invitation\?token=(\S+)/.exec(created)![1]!);
    const logo = path.join(work, 'logo.png');
    await writeFile(
      logo,
      await sharp({ create: { width: 160, height: 160, channels: 3, background: { r: 15, g: 118, b: 110 } } })
        .png()
        .toBuffer(),
    );
    expect(await company(['set-logo', '--file', logo])).toMatch(/^Logo of Harbor Roofing set: /);
    await company([
      'switch',
      '--set',
      'is_portal_project_notes_enabled=true',
      '--set',
      'is_portal_album_sharing_enabled=true',
      '--set',
      'is_portal_file_sharing_enabled=true',
      '--set',
      'is_portal_invoicing_enabled=true',
    ]);
    await company(['update-company', '--welcome', 'Welcome to Harbor Roofing. Your roof, start to finish.', '--contact-email', 'office@harbor.example']);

    const account = /^Account (\d+)/.exec(
      await company(['create-account', '--name', 'The Smiths', '--email', 'ann@smith.example', '--street', '12 Oak St']),
    )![1]!;
    ids.project = /^Project (\d+)/.exec(
      await company(['create-project', '--name', 'Roof replacement', '--number', 'HR-1001', '--account', account, '--street', '12 Oak St']),
    )![1]!;

    const folder = path.join(work, 'Tear-off');
    await mkdir(folder);
    await writeFile(path.join(folder, '1.jpg'), await image(640, 480, { r: 180, g: 60, b: 40 }));
    await writeFile(path.join(folder, '2.jpg'), await image(640, 480, { r: 40, g: 120, b: 180 }));
    await writeFile(path.join(folder, '3.jpg'), await image(480, 640, { r: 60, g: 160, b: 80 }));
    expect((await company(['upload-photos', '--project', ids.project, '--folder', folder, '--share'])).split('\n').at(-1)).toMatch(
      /"Tear-off": 3 photos, shared\.$/,
    );
    const pdf = path.join(work, 'Roof contract.pdf');
    await writeFile(
      pdf,
      Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 300]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      ),
    );
    expect(await company(['upload-document', '--project', ids.project, '--file', pdf, '--share'])).toMatch(/Roof contract\.pdf, shared\.$/);

    const invoice = await company([
      'create-invoice',
      '--project',
      ids.project,
      '--number',
      'HR-INV-1',
      '--line',
      'Tear-off and disposal|1|4000.00',
      '--line',
      'Architectural shingles|20|150.00',
      '--tax-rate',
      '8.25',
      '--send',
    ]);
    ids.invoice = /^Invoice (\d+)/.exec(invoice)![1]!;
    expect(invoice).toMatch(/sent, total \$7577\.50, balance \$7577\.50\.$/);
    expect(await company(['record-payment', '--invoice', ids.invoice, '--amount', '2000.00', '--method', 'Check', '--reference', '1042'])).toMatch(
      /partially_paid, total \$7577\.50, balance \$5577\.50\.$/,
    );

    const invited = await company(['invite-customer', '--email', 'ann@smith.example', '--first-name', 'Ann', '--last-name', 'Smith', '--project', ids.project]);
    ids.customer = /^Customer (\d+)/.exec(invited)![1]!;
    hookSecret = /whsec_\S+/.exec(await company(['create-webhook', '--url', hookUrl, '--event', 'note.created']))![0];
    secrets.set('webhook secret', hookSecret.slice('whsec_'.length));
  }, 180_000);

  it('lets the customer follow the invitation, choose a password, and find the branded portal with everything in it', async () => {
    const mail = await smtp.waitFor(
      (message) => message.to.includes('ann@smith.example') && message.subject === 'Harbor Roofing invites you to your project portal',
    );
    const link = /(https?:\/\/\S+\/invitation\?\S+)/.exec(mail.text ?? '')![1]!;
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Signed file and image URLs open their file for anyone until they expire.
    page.on('request', (request) => {
      const sig = new URL(request.url()).searchParams.get('sig');
      if (sig) secrets.set(`signature of ${new URL(request.url()).pathname}`, sig);
    });
    secrets.set("customer's invitation token", new URL(link).searchParams.get('token')!);
    await page.goto(link);
    await page.getByRole('button', { name: 'Open my portal' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Open my portal' }).click();
    await page.getByRole('heading', { name: 'Welcome, Ann' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('harbor-roof-2026');
    await page.getByLabel('Repeat the new password').fill('harbor-roof-2026');
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'invitation-1280.png') });
    await page.getByRole('button', { name: 'Save the password' }).click();
    secrets.set('password', 'harbor-roof-2026');

    // The branded projects page.
    await page.getByText('Welcome to Harbor Roofing. Your roof, start to finish.').waitFor();
    await page.getByText('Roof replacement').first().waitFor();
    expect(await page.locator('img[src*="/api/logos/"]').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    await page.getByText('Roof replacement').first().click();
    await page.waitForURL(/entity=/);
    const entity = new URL(page.url()).searchParams.get('entity')!;

    secrets.set('session token', (await page.evaluate((name) => localStorage.getItem(name), TOKEN_STORAGE_KEY))!);
    await page.goto(`/photos?entity=${entity}`);
    await page.getByText('Tear-off').first().waitFor();
    await page.goto(`/documents?entity=${entity}`);
    await page.getByText('Roof contract.pdf').first().waitFor();
    await page.goto(`/invoices?entity=${entity}`);
    await page.getByText('HR-INV-1').first().waitFor();
    await page.getByText('$5,577.50').first().waitFor();

    await page.goto(`/notes?entity=${entity}`);
    const composer = page.getByRole('textbox', { name: 'Note' });
    await composer.fill('Can the crew park on the street side?');
    await page.getByRole('button', { name: 'Send note' }).click();
    await page.getByRole('log', { name: 'Notes' }).getByText('Can the crew park on the street side?').waitFor();

    // The company's system hears of it, signed with its secret (checked here as the Standard Webhooks convention says).
    await expect.poll(() => hooks.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const hook = hooks[0]!;
    const signed = createHmac('sha256', Buffer.from(hookSecret.slice('whsec_'.length), 'base64'))
      .update(`${String(hook.headers['webhook-id'])}.${String(hook.headers['webhook-timestamp'])}.${hook.body}`)
      .digest('base64');
    expect(hook.headers['webhook-signature']).toBe(`v1,${signed}`);
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'note.created', data: { note: { body: 'Can the crew park on the street side?' } } });

    // The company reads it from the terminal and replies; the customer sees the reply.
    await expect.poll(() => company(['notes', '--project', ids.project]), { timeout: 15_000 }).toContain('Can the crew park on the street side?');
    await company(['add-note', '--project', ids.project, '--text', 'Yes, the street side is fine. See you Monday.']);
    await page.reload();
    await page.getByRole('log', { name: 'Notes' }).getByText('Yes, the street side is fine. See you Monday.').waitFor();

    // Unshared: the customer's next request on the project is refused, and the portal no longer shows it.
    await company(['unshare', '--project', ids.project, '--customer', ids.customer]);
    const status = await page.evaluate(
      async ([key, id]) => (await fetch(`/api/entities/${id}`, { headers: { authorization: `Bearer ${localStorage.getItem(key!)}` } })).status,
      [TOKEN_STORAGE_KEY, entity],
    );
    expect(status).toBe(404);
    await page.goto(`/documents?entity=${entity}`);
    await page.getByText('No projects yet').waitFor();
    expect(await page.getByText('Roof contract.pdf').count()).toBe(0);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  }, 180_000);

  it('writes none of the credentials the run made or saw into the server log', async () => {
    secrets.set('operator secret', (await readFile(path.join(server.dataDir, 'operator-secret'), 'utf8')).trim());
    expect([...secrets.keys()].filter((name) => name.startsWith('signature of')).length).toBeGreaterThan(0);
    const log = server.output();
    // The log is the one an operator reads: every request is in it.
    expect(log).toContain('"url":"/api/entities');
    // Signed URLs were requested and logged, with their signature taken out.
    expect(log).toMatch(/"url":"\/api\/(files|images)\/[^"]*sig=\[redacted\]/);
    const leaked = [...secrets].filter(([, value]) => value.length >= 8 && log.includes(value)).map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});
