import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { TOKEN_STORAGE_KEY } from '@portal/contract';
import { STAFF_TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { storeToken } from './support/auth';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, newPage, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';

/**
 * A new contractor's first hour, from docs/onboarding.md alone, on an empty portal: with the `company` command typed in a
 * folder of their own (docs/onboarding.md; docs/company-api.md) the company with its owner named,
 * its brand, a customer, a project, a phone's folder of photos (an iPhone HEIC among them, and a file that is no photo),
 * a document, an invoice paid in part, and a proposal with an optional item. The customer follows the emailed
 * invitation in Chromium, finds it all, accepts the proposal with the option, and the two sides write notes each way;
 * the owner follows their own invitation into the staff console on a 320 px phone. Screenshots of the console at 320 px
 * and of the portal at 375 px go to docs/screenshots/pages/, for the next engineer to look at.
 *
 * Over 30 s: every step runs the real `company` command as a contractor types it, each a process of its own.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');
const pageShots = path.join(screenshots, 'pages');
const run = promisify(execFile);
/** What a person waits for a page or an email: long enough for a slow CI machine. */
const LOAD = { timeout: 15_000 };

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let work: string;
let key = '';
let receiver: Server;
let hookUrl = '';
let hookSecret = '';
let ownerInvitation = '';
let customerToken = '';
let entity = '';
const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];
const ids = { project: '', invoice: '', customer: '', proposal: '' };
/** Every credential the run makes or sees: none may reach the server's log (docs/security.md). */
const secrets = new Map<string, string>();

/**
 * The company command as docs/onboarding.md has a contractor type it from a folder of their own, outside the checkout:
 * `<checkout>/scripts/company.mjs` (what `npx company` runs), its paths read from that folder. Answers what it printed.
 */
async function company(args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', PORTAL_URL: server.url, PORTAL_API_KEY: key };
  // A terminal has no npm folder of its own: what npm sets for the command running this test is not the contractor's.
  delete env.INIT_CWD;
  const { stdout } = await run(process.execPath, [path.join(root, 'scripts/company.mjs'), ...args], { cwd: work, env });
  return stdout.trim();
}

/** A page at rest for its screenshot: its heading drawn and nothing more on its way (its code, its data). */
async function settle(page: Page, ready: Locator) {
  await ready.waitFor(LOAD);
  await page.waitForLoadState('networkidle');
}

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, width: number, where: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
}

/** A whole page into docs/screenshots/pages/, where the suite keeps its page screenshots (phone.e2e.ts). */
const pageShot = (page: Page, name: string, width: number) => settledScreenshot(page, { path: path.join(pageShots, `${name}-${width}.png`), fullPage: true });

const image = (width: number, height: number, color: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // At info, every request is logged: what the log-secrets test below reads.
  // The company's receiver is http:// on the loopback: allowed only where the operator says so.
  // A first start, as the contractor's: the folder is empty, not a copy of the run's migrated one.
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'false', LOG_LEVEL: 'info', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, { fresh: true });
  browser = await launchChromium();
  work = await mkdtemp(path.join(tmpdir(), 'portal-onboarding-'));
  await mkdir(pageShots, { recursive: true });
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
  it('sets the company up from the terminal: owner, brand, customer, project, photos, document, invoice, payment and proposal', async () => {
    const created = await company([
      'create-company',
      '--name',
      'Harbor Roofing',
      '--owner-email',
      'owner@harbor.example',
      '--owner-name',
      'Hana Harbor',
      '--theme-code',
      'harbor',
      '--color',
      '#0f766e',
    ]);
    expect(created).toMatch(/^Owner: Hana Harbor <owner@harbor\.example> \(staff \d+\)\.$/m);
    key = /ppk_\S+/.exec(created)![0];
    secrets.set('API key', key);
    ownerInvitation = /^(http\S+\/staff\/invitation\?token=\S+)$/m.exec(created)![1]!;
    secrets.set("owner's invitation token", new URL(ownerInvitation).searchParams.get('token')!);

    // 2. The brand and the areas, the logo by a path relative to the folder the command is typed in.
    await writeFile(
      path.join(work, 'logo.png'),
      await sharp({ create: { width: 160, height: 160, channels: 3, background: { r: 15, g: 118, b: 110 } } })
        .png()
        .toBuffer(),
    );
    expect(await company(['set-logo', '--file', 'logo.png'])).toMatch(/^Logo of Harbor Roofing set: /);
    await company(['update-company', '--welcome', 'Welcome to Harbor Roofing. Your roof, start to finish.', '--contact-email', 'office@harbor.example']);
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
      '--set',
      'is_portal_proposals_enabled=true',
      '--set',
      'is_portal_project_calendar_enabled=true',
    ]);

    // 3. The customer's account and project, found again in the lists.
    const account = /^Account (\d+)/.exec(
      await company(['create-account', '--name', 'The Smiths', '--email', 'ann@smith.example', '--street', '12 Oak St']),
    )![1]!;
    ids.project = /^Project (\d+)/.exec(
      await company(['create-project', '--name', 'Roof replacement', '--number', 'HR-1001', '--account', account, '--street', '12 Oak St']),
    )![1]!;
    const projects = await company(['list-projects']);
    expect(projects).toMatch(new RegExp(`^\\s*${ids.project}\\s+HR-1001\\s+Roof replacement\\s+The Smiths\\b`, 'm'));

    // 4. A phone's folder as it comes off the phone: two JPEGs, an iPhone's HEIC, and a text file that is no photo.
    const folder = path.join(work, 'Tear-off');
    await mkdir(folder);
    await writeFile(path.join(folder, 'IMG_0410.jpg'), await image(640, 480, { r: 180, g: 60, b: 40 }));
    await writeFile(path.join(folder, 'IMG_0411.jpg'), await image(480, 640, { r: 40, g: 120, b: 180 }));
    await copyFile(path.join(root, 'apps/server/test/files/photo.heic'), path.join(folder, 'IMG_0412.HEIC'));
    await writeFile(path.join(folder, 'notes.txt'), 'Shingles: 20 squares, charcoal.\n');
    const photos = (await company(['upload-photos', '--project', ids.project, '--folder', './Tear-off', '--share'])).split('\n');
    expect(photos.filter((line) => line.startsWith('Skipped '))).toEqual([expect.stringMatching(/^Skipped notes\.txt: not a photo\b/)]);
    expect(photos).toContain('Uploaded IMG_0412.HEIC (3 of 3).');
    expect(photos.at(-1)).toMatch(/"Tear-off": 3 photos, shared\.$/);

    const pdf = path.join(work, 'Roof contract.pdf');
    await writeFile(
      pdf,
      Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 300]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      ),
    );
    expect(await company(['upload-document', '--project', ids.project, '--file', 'Roof contract.pdf', '--share'])).toMatch(/Roof contract\.pdf, shared\.$/);

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
    expect(invoice).toMatch(/Sent, total \$7,577\.50, balance \$7,577\.50\.$/);
    // The amount as a person types it, thousands separator and all.
    expect(await company(['record-payment', '--invoice', ids.invoice, '--amount', '2,000.00', '--method', 'Check', '--reference', '1042'])).toMatch(
      /Partially paid, total \$7,577\.50, balance \$5,577\.50\.$/,
    );
    expect(await company(['list-invoices', '--project', ids.project])).toMatch(/HR-INV-1\b.*Partially paid.*\$7,577\.50.*\$5,577\.50/);

    const invited = await company(['invite-customer', '--email', 'ann@smith.example', '--first-name', 'Ann', '--last-name', 'Smith', '--project', ids.project]);
    ids.customer = /^Customer (\d+)/.exec(invited)![1]!;

    // A proposal with an optional item, sent: $4,000 + 20 × $150 + 8.25% tax is $7,577.50; the gutter guards add $850 + tax.
    const proposal = await company([
      'create-proposal',
      '--project',
      ids.project,
      '--title',
      'New roof',
      '--item',
      'Roof|Tear-off and disposal|1|$4,000',
      '--item',
      'Roof|Architectural shingles|20|150.00',
      '--item',
      'Options|Gutter guards|1|850|optional',
      '--tax-rate',
      '8.25',
      '--send',
    ]);
    ids.proposal = /^Proposal (\d+)/.exec(proposal)![1]!;
    expect(proposal).toMatch(/\(P-1001\) for project \d+: Sent, total \$7,577\.50, /);

    hookSecret = /whsec_\S+/.exec(await company(['create-webhook', '--url', hookUrl, '--event', 'note.created']))![0];
    secrets.set('webhook secret', hookSecret.slice('whsec_'.length));
  }, 180_000);

  it('lets the customer follow the invitation, find the branded portal with everything in it, write to the office and accept the proposal with its option', async () => {
    const mail = await smtp.waitFor(
      (message) => message.to.includes('ann@smith.example') && message.subject === 'Harbor Roofing invites you to your project portal',
      LOAD.timeout,
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
    entity = new URL(page.url()).searchParams.get('entity')!;

    customerToken = (await page.evaluate((name) => localStorage.getItem(name), TOKEN_STORAGE_KEY))!;
    secrets.set('session token', customerToken);
    // The album holds the three photos, the iPhone's among them, each one drawn.
    await page.goto(`/photos?entity=${entity}`);
    await page.getByRole('link', { name: /Tear-off\s*3 photos/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Tear-off' }).waitFor();
    const thumbnails = page.getByRole('button', { name: /^Open photo \d of 3/ }).locator('img');
    await expect.poll(() => thumbnails.count(), LOAD).toBe(3);
    await expect.poll(() => thumbnails.evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length), LOAD).toBe(3);
    await page.goto(`/documents?entity=${entity}`);
    await page.getByText('Roof contract.pdf').first().waitFor();
    await page.goto(`/invoices?entity=${entity}`);
    await page.getByText('HR-INV-1').first().waitFor();
    await page.getByText('$5,577.50').first().waitFor();

    // The customer writes to the office: the company's contact address is emailed (the project has no rep).
    await page.goto(`/notes?entity=${entity}`);
    const composer = page.getByRole('textbox', { name: 'Note' });
    await composer.fill('Can the crew park on the street side?');
    await page.getByRole('button', { name: 'Send note' }).click();
    await page.getByRole('log', { name: 'Notes' }).getByText('Can the crew park on the street side?').waitFor();
    const office = await smtp.waitFor(
      (message) => message.to.includes('office@harbor.example') && message.subject.startsWith('New note from Ann Smith'),
      LOAD.timeout,
    );
    expect(office.text).toContain('Can the crew park on the street side?');

    // The company's system hears of it, signed with its secret (checked here as the Standard Webhooks convention says).
    await expect.poll(() => hooks.length, LOAD).toBeGreaterThan(0);
    const hook = hooks[0]!;
    const signed = createHmac('sha256', Buffer.from(hookSecret.slice('whsec_'.length), 'base64'))
      .update(`${String(hook.headers['webhook-id'])}.${String(hook.headers['webhook-timestamp'])}.${hook.body}`)
      .digest('base64');
    expect(hook.headers['webhook-signature']).toBe(`v1,${signed}`);
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'note.created', data: { note: { body: 'Can the crew park on the street side?' } } });

    // The company reads it from the terminal and replies; the customer sees the reply.
    await expect.poll(() => company(['notes', '--project', ids.project]), LOAD).toContain('Can the crew park on the street side?');
    await company(['add-note', '--project', ids.project, '--text', 'Yes, the street side is fine. See you Monday.']);
    await page.reload();
    await page.getByRole('log', { name: 'Notes' }).getByText('Yes, the street side is fine. See you Monday.').waitFor();

    // The proposal: the customer ticks the option, the total follows, and signs.
    await page.goto(`/proposals?entity=${entity}`);
    await page.getByRole('link', { name: 'P-1001' }).click();
    await page.getByRole('heading', { name: 'New roof' }).waitFor();
    await expect.poll(() => page.getByTestId('proposal-total').innerText(), LOAD).toBe('$7,577.50');
    await page.getByRole('checkbox', { name: 'Gutter guards' }).check();
    await expect.poll(() => page.getByTestId('proposal-total').innerText()).toBe('$8,497.63');
    await page.getByLabel('Full name').fill('Ann Smith');
    await page.getByRole('checkbox', { name: /I agree that typing my name/ }).check();
    await page.getByRole('button', { name: 'Accept and sign' }).click();
    const evidence = page.getByRole('region', { name: 'Signed and accepted' });
    await evidence.waitFor(LOAD);
    await evidence.getByText('$8,497.63').waitFor();
    expect(await evidence.getByText('Gutter guards').count()).toBe(1);
    await page.goto(`/proposals?entity=${entity}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'P-1001' }) });
    await row.getByText('Accepted', { exact: true }).waitFor(LOAD);
    expect(await row.getByText('$8,497.63').count()).toBe(1);
    // The office's list says the same.
    expect(await company(['proposals', '--project', ids.project])).toMatch(
      new RegExp(`^#${ids.proposal} P-1001 project ${ids.project}: Accepted, \\$8,497\\.63, `, 'm'),
    );

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  }, 180_000);

  it('takes the owner from the invitation into the console on a 320 px phone, to the project and its notes', async () => {
    const { context, page, consoleErrors } = await newPage(browser, { width: 320, height: 720, baseURL: server.url });
    await page.goto(ownerInvitation.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('heading', { level: 1, name: "Join your company's portal" }).waitFor(LOAD);
    await page.getByLabel('New password', { exact: true }).fill('harbor-owner-2026');
    await page.getByLabel('Repeat the new password').fill('harbor-owner-2026');
    await page.getByRole('button', { name: 'Save the password and sign in' }).click();
    // A toast greets the owner by name, for a few seconds; the owner closes it (unless it has faded already).
    const welcome = page.getByRole('listitem').filter({ hasText: 'Welcome, Hana Harbor' });
    await welcome.waitFor(LOAD);
    await welcome
      .getByRole('button', { name: 'Dismiss' })
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await welcome.waitFor({ state: 'hidden', ...LOAD });
    await page.getByRole('heading', { level: 1, name: 'Harbor Roofing' }).waitFor(LOAD);
    secrets.set("owner's password", 'harbor-owner-2026');
    secrets.set("owner's session token", (await page.evaluate((name) => localStorage.getItem(name), STAFF_TOKEN_STORAGE_KEY))!);

    // The sections behind the Menu button; the owner's own name in "Your profile".
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Staff console' }).getByRole('link', { name: 'Your profile' }).click();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue(), LOAD).toBe('Hana Harbor');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Staff console' }).getByRole('link', { name: 'Projects' }).click();
    const project = page.getByRole('link', { name: /Roof replacement/ }).filter({ visible: true });
    await settle(page, project);
    await expectNoSidewaysScroll(page, 320, 'the projects list');
    await expectNoAxeViolations(page);
    await pageShot(page, 'onboarding-console-projects', 320);

    await project.click();
    await settle(page, page.getByRole('heading', { level: 1, name: 'Roof replacement' }));
    const tabs = page.getByRole('navigation', { name: 'Project' });
    expect(await tabs.getByRole('link', { name: 'Overview', exact: true }).getAttribute('aria-current')).toBe('page');
    await expectNoSidewaysScroll(page, 320, 'the project page');
    await expectNoAxeViolations(page);
    await pageShot(page, 'onboarding-console-project', 320);

    // The owner answers the customer in the console, signed with the owner's name.
    await tabs.getByRole('link', { name: 'Notes', exact: true }).click();
    await page.getByRole('article').filter({ hasText: 'Can the crew park on the street side?' }).waitFor(LOAD);
    await page.getByLabel('Note', { exact: true }).fill('The dumpster goes on the driveway on Monday morning.');
    await page.getByRole('button', { name: 'Send note' }).click();
    await page.getByRole('article').filter({ hasText: 'dumpster goes on the driveway' }).getByText('Hana Harbor (you)').waitFor(LOAD);
    await expectNoSidewaysScroll(page, 320, 'the project notes');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it("shows the customer on a 375 px phone the project, and the owner's note under the owner's name", async () => {
    const { context, page, consoleErrors } = await newPage(browser, { width: 375, height: 800, baseURL: server.url });
    await storeToken(context, customerToken);
    // The customer's email says who wrote, by name.
    const mailed = await smtp.waitFor(
      (message) => message.to.includes('ann@smith.example') && message.text?.includes('dumpster goes on the driveway') === true,
      LOAD.timeout,
    );
    expect(mailed.subject).toMatch(/^New note from Hana Harbor on /);
    await page.goto(`/notes?entity=${entity}`);
    const thread = page.getByRole('log', { name: 'Notes' });
    // Customers see who wrote it by name, never the start of an email address ("owner").
    await thread
      .getByRole('article', { name: /^Hana Harbor, / })
      .filter({ hasText: 'dumpster goes on the driveway' })
      .waitFor(LOAD);
    expect(await thread.getByRole('article', { name: /^owner\b/i }).count()).toBe(0);

    await page.goto(`/?entity=${entity}`);
    await settle(page, page.getByRole('heading', { level: 1, name: 'Roof replacement' }));
    await expectNoSidewaysScroll(page, 375, 'the portal project page');
    await expectNoAxeViolations(page);
    await pageShot(page, 'onboarding-portal-project', 375);
    expect(consoleErrors).toEqual([]);

    // Unshared: the customer's next request on the project is refused, and the portal no longer shows it.
    await company(['unshare', '--project', ids.project, '--customer', ids.customer]);
    const status = await page.evaluate(
      async ([key, id]) => (await fetch(`/api/entities/${id}`, { headers: { authorization: `Bearer ${localStorage.getItem(key!)}` } })).status,
      [TOKEN_STORAGE_KEY, entity],
    );
    expect(status).toBe(404);
    await page.goto(`/documents?entity=${entity}`);
    await page.getByText('No projects yet').waitFor(LOAD);
    expect(await page.getByText('Roof contract.pdf').count()).toBe(0);
    await context.close();
  }, 120_000);

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
