import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { acceptStaffInvitation, companyApi, createCompany, staffPage } from './support/staff';

/**
 * The company's settings in the staff console (docs/staff-console.md), as an owner runs them: the brand with its
 * preview, the portal's areas, the staff and their invitations, API keys and webhooks; and a member of staff who is not
 * an owner finds none of it.
 *
 * Over 30 s: every settings page of the console, each with what it changes seen where it shows, on a server of its
 * own.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');
const OWNER_ONLY = 'Only an owner of the company may do this.';

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let receiver: Server;
let hookUrl = '';
const hooks: { id: string; body: string }[] = [];
let apiKey = '';
let ownerToken = '';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // The company's receiver is http:// on the loopback: allowed only where the operator says so.
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'false', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  browser = await launchChromium();
  await mkdir(screenshots, { recursive: true });
  // The company's own system, listening for the portal's webhooks.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hooks.push({ id: String(request.headers['webhook-id']), body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-events`;
  const created = await createCompany(server, {
    name: 'Harbor Roofing',
    ownerEmail: 'owner@harbor.example',
    ownerName: 'Hana Harbor',
    themeCode: 'harbor',
    color: '#0f766e',
  });
  apiKey = created.apiKey;
  ownerToken = await acceptStaffInvitation(server, created.invitation, 'harbor-owner-password');
  // Another company holds the theme code "brightside".
  await createCompany(server, { name: 'Brightside Builders', ownerEmail: 'owner@brightside.example', themeCode: 'brightside' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await server?.stop();
  await smtp?.close();
});

const company = () => companyApi<Record<string, unknown>>(server, apiKey, 'GET', '/company');

async function ownerPage(width = 1280) {
  return staffPage(browser, server, ownerToken, { width, height: 900 });
}

/** Every settings page passes axe and is pictured at both widths. */
async function check(page: Page, name: string) {
  // The pictures show the page, not the toasts of the steps before.
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  await expect
    .poll(async () => {
      // A toast on its way out may be gone before the click lands: try again until none is left.
      if ((await dismiss.count()) > 0)
        await dismiss
          .first()
          .click({ timeout: 1_000 })
          .catch(() => undefined);
      return dismiss.count();
    })
    .toBe(0);
  await expectNoAxeViolations(page);
  await settledScreenshot(page, { path: path.join(screenshots, `staff-settings-${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await settledScreenshot(page, { path: path.join(screenshots, `staff-settings-${name}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** What the preview's button and colour bar are painted with, as the browser computes it. */
const previewColor = (page: Page) =>
  page.getByRole('region', { name: 'Preview of the portal' }).evaluate((preview) => {
    const button = preview.querySelector('[data-preview-button]')!;
    const bar = preview.querySelector('[data-testid="color-bar"]')!;
    return [
      getComputedStyle(button).backgroundColor,
      getComputedStyle(bar).backgroundImage.includes('rgb(185, 28, 28)') ? 'bar' : getComputedStyle(bar).backgroundImage,
    ];
  });

describe('company settings in the staff console', () => {
  it('brands the portal: the preview follows the form before saving, field errors beside the fields, the sign-in page after', async () => {
    const { context, page } = await ownerPage();
    await page.goto('/staff');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Branding' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/settings');
    expect(await page.getByLabel('Colour', { exact: true }).inputValue()).toBe('#0f766e');

    await page.getByLabel('Colour', { exact: true }).fill('#b91c1c');
    await page.getByLabel('Welcome message').fill('Welcome to Harbor Roofing. Your roof, start to finish.');
    // The preview follows as typed, while nothing is saved yet.
    await expect.poll(() => previewColor(page)).toEqual(['rgb(185, 28, 28)', 'bar']);
    const preview = page.getByRole('region', { name: 'Preview of the portal' });
    await preview.getByText('Welcome to Harbor Roofing. Your roof, start to finish.').waitFor();
    expect((await company()).color).toBe('#0f766e');

    // A bad colour, then a theme code another company holds, come back beside their fields, and nothing is saved.
    await page.getByLabel('Colour', { exact: true }).fill('#b91c');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('The colour must be a hex code such as #0f766e.').waitFor();
    expect(await page.getByLabel('Colour', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Colour', { exact: true }).fill('#b91c1c');
    await page.getByLabel('Theme code').fill('brightside');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('The theme code is already taken by another company.').waitFor();
    expect(await page.getByLabel('Theme code').getAttribute('aria-invalid')).toBe('true');
    expect((await company()).color).toBe('#0f766e');
    expect((await company()).theme_code).toBe('harbor');

    await page.getByLabel('Theme code').fill('harbor');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('Branding saved', { exact: true }).waitFor();
    // The console itself takes the new colour at once.
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--portal-color'))).toBe('#b91c1c');
    await expect.poll(async () => (await company()).color).toBe('#b91c1c');
    expect((await company()).portal_welcome_message).toBe('Welcome to Harbor Roofing. Your roof, start to finish.');

    // A logo: saved as chosen, shown in the preview, and removable.
    const logo = await sharp({ create: { width: 160, height: 160, channels: 3, background: { r: 185, g: 28, b: 28 } } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByRole('img', { name: 'Current logo' }).waitFor();
    await expect.poll(async () => (await company()).logo_url).not.toBeNull();
    await check(page, 'branding');

    // The portal's sign-in page for the theme shows the new colour and logo.
    const signIn = await context.newPage();
    await signIn.goto('/login?theme=harbor');
    await signIn.getByText('Harbor Roofing').first().waitFor();
    await expect.poll(() => signIn.evaluate(() => document.documentElement.style.getPropertyValue('--portal-color'))).toBe('#b91c1c');
    await signIn.close();

    await page.getByRole('button', { name: 'Remove the logo' }).click();
    await page.getByText('No logo yet', { exact: false }).waitFor();
    expect((await company()).logo_url).toBeNull();
    await context.close();
  });

  it('turns a portal area off at once', async () => {
    const { context, page } = await ownerPage();
    await companyApi(server, apiKey, 'PATCH', '/company', { is_portal_project_notes_enabled: true });
    await page.goto('/staff/settings/areas');
    await page.getByRole('heading', { level: 1, name: 'Portal areas' }).waitFor();
    expect(await page.getByRole('switch').count()).toBe(10);
    const notes = page.getByRole('switch', { name: 'Notes' });
    expect(await notes.getAttribute('aria-checked')).toBe('true');
    await notes.click();
    await expect.poll(() => notes.getAttribute('aria-checked')).toBe('false');
    await expect.poll(async () => (await company()).is_portal_project_notes_enabled).toBe(false);
    await check(page, 'areas');
    await notes.click();
    await expect.poll(async () => (await company()).is_portal_project_notes_enabled).toBe(true);
    await context.close();
  });

  it('adds a member of staff and invites them; they see no settings, and the address tells them why', async () => {
    const { context, page } = await ownerPage();
    await page.goto('/staff/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await page.getByRole('button', { name: 'Add a member' }).click();
    const form = page.getByRole('form', { name: 'Add a member' });
    await form.getByRole('button', { name: 'Add the member' }).click();
    await form.getByText('The name field is required.').waitFor();
    await form.getByLabel('Name').fill('Sam Shingle');
    await form.getByLabel('Email', { exact: true }).fill('sam@harbor.example');
    await form.getByLabel('Title').fill('Project manager');
    await form.getByLabel('Phone').fill('555-0100');
    await form.getByLabel('Role').selectOption('staff');
    await form.getByRole('button', { name: 'Add the member' }).click();
    await page.getByText('An invitation is on its way to sam@harbor.example.', { exact: true }).waitFor();
    const sam = page.getByRole('listitem', { name: 'Sam Shingle' });
    await sam.getByText('Project manager').waitFor();
    // A picture for them, shown in the list (and beside their notes in the portal).
    const picture = await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 30, g: 64, b: 175 } } })
      .png()
      .toBuffer();
    await sam.locator('input[type="file"]').setInputFiles({ name: 'sam.png', mimeType: 'image/png', buffer: picture });
    await sam.getByRole('button', { name: 'Replace the picture' }).waitFor();
    expect(await sam.locator('img').count()).toBe(1);

    const mail = await smtp.waitFor((message) => message.to.includes('sam@harbor.example') && message.subject === 'Join the staff console of Harbor Roofing');
    const link = /(https?:\/\/\S+\/staff\/invitation\?token=\S+)/.exec(mail.text ?? '')![1]!;
    await check(page, 'staff');

    // Sam, a member of staff, signs in: no Settings in the menu, and its address says it is for owners.
    const samToken = await acceptStaffInvitation(server, link, 'sam-shingle-password');
    const member = await staffPage(browser, server, samToken);
    await member.page.goto('/staff');
    await member.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Home' }).waitFor();
    expect(await member.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).count()).toBe(0);
    for (const address of ['/staff/settings', '/staff/settings/api-keys']) {
      await member.page.goto(address);
      await member.page.getByRole('heading', { level: 1, name: OWNER_ONLY }).waitFor();
    }
    await expectNoAxeViolations(member.page);
    await settledScreenshot(member.page, { path: path.join(screenshots, 'staff-settings-owner-only-1280.png') });
    // The API refuses them too.
    const refused = await fetch(`${server.url}/api/integration/api-keys`, { headers: { Authorization: `Bearer ${samToken}` } });
    expect(refused.status).toBe(403);

    // Made an owner, deactivated (after a confirmation) and reactivated.
    await sam.getByLabel('Role').selectOption('owner');
    await page.getByText('Sam Shingle is now owner', { exact: true }).waitFor();
    await sam.getByRole('button', { name: 'Deactivate' }).click();
    await sam.getByRole('button', { name: 'Yes, deactivate' }).click();
    await sam.getByText('Deactivated', { exact: true }).waitFor();
    // Deactivation ends their sessions at once.
    expect((await fetch(`${server.url}/api/staff/auth/me`, { headers: { Authorization: `Bearer ${samToken}` } })).status).toBe(401);
    await sam.getByRole('button', { name: 'Reactivate' }).click();
    await sam.getByRole('button', { name: 'Yes, reactivate' }).click();
    await sam.getByText('Active', { exact: true }).waitFor();
    await member.context.close();
    await context.close();
  });

  it('creates an API key shown once, which works until it is revoked', async () => {
    const { context, page } = await ownerPage();
    await page.goto('/staff/settings/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByRole('button', { name: 'Create a key' }).click();
    const form = page.getByRole('form', { name: 'Create a key' });
    await form.getByRole('button', { name: 'Create the key' }).click();
    await form.getByText('Give the key a name.').waitFor();
    await form.getByLabel('Name').fill('CRM sync');
    await form.getByLabel('Accounts and projects: read').check();
    await form.getByLabel('Notes: read').check();
    await form.getByRole('button', { name: 'Create the key' }).click();
    const secret = (await page.getByLabel('Secret', { exact: true }).textContent())!.trim();
    expect(secret).toMatch(/^ppk_\d+_/);
    await page.getByText('it is shown this once', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    const keyId = /^ppk_(\d+)_/.exec(secret)![1];
    await page.getByRole('listitem', { name: 'CRM sync' }).getByText(`ppk_${keyId}_…`).waitFor();

    const call = (url: string) => fetch(`${server.url}/api/integration${url}`, { headers: { Authorization: `Bearer ${secret}` } });
    expect((await call('/projects')).status).toBe(200);
    expect((await call('/company')).status).toBe(403);
    await check(page, 'api-keys');

    // Once dismissed, the secret is gone from the page for good.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.getByText(secret).count()).toBe(0);

    const row = page.getByRole('listitem', { name: 'CRM sync' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect((await call('/projects')).status).toBe(401);
    await context.close();
  });

  it('sends webhooks to an endpoint, logs each delivery and redelivers one', async () => {
    const { context, page } = await ownerPage();
    await page.goto('/staff/settings/webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No webhook endpoints').waitFor();
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const form = page.getByRole('form', { name: 'Add an endpoint' });
    // The cloud's metadata service is refused beside the URL, even where private targets are allowed.
    await form.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data');
    await form.getByRole('button', { name: 'Add the endpoint' }).click();
    await form.getByText('The url must point at a public address, not a private, loopback, link-local or other special-purpose one.').waitFor();
    await form.getByLabel('URL').fill(hookUrl);
    // Only customers' notes: the other events (the customer's first sign-in below among them) stay away.
    for (const label of [
      'A customer uploads a document',
      'A customer sends a message',
      'A customer first opens an invoice',
      'A customer signs in for the first time',
    ]) {
      await form.getByLabel(label).uncheck();
    }
    await form.getByRole('button', { name: 'Add the endpoint' }).click();
    const secret = (await page.getByLabel('Secret', { exact: true }).textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    // A customer posts a note on a project shared with them.
    const project = await companyApi<{ id: number }>(server, apiKey, 'POST', '/projects', { name: 'Roof replacement' });
    const customer = await companyApi<{ id: number }>(server, apiKey, 'POST', '/portal-users', {
      email: 'ann@smith.example',
      first_name: 'Ann',
      last_name: 'Smith',
    });
    const share = await companyApi<{ id: number }>(server, apiKey, 'POST', `/projects/${project.id}/shares`, { portal_user_id: customer.id });
    await companyApi(server, apiKey, 'POST', `/portal-users/${customer.id}/invite`);
    const invitation = await smtp.waitFor((message) => message.to.includes('ann@smith.example'));
    const token = new URL(/(https?:\/\/\S+\/invitation\?\S+)/.exec(invitation.text ?? '')![1]!).searchParams.get('token');
    const signedIn = await fetch(`${server.url}/api/auth/invitation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const portalToken = ((await signedIn.json()) as { token: string }).token;
    const posted = await fetch(`${server.url}/api/notes?entity=${share.id}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${portalToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'Can the crew park on the street side?' }),
    });
    expect(posted.status).toBe(201);

    const endpoint = page.getByRole('listitem', { name: hookUrl });
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const delivery = endpoint.getByRole('listitem', { name: 'note.created Delivered' });
    await delivery.waitFor({ timeout: 20_000 });
    await delivery.getByText('204').waitFor();
    expect(hooks.filter((hook) => hook.body.includes('Can the crew park on the street side?'))).toHaveLength(1);
    await check(page, 'webhooks');

    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText('Sent again', { exact: true }).waitFor();
    await expect.poll(() => hooks.length, { timeout: 20_000 }).toBe(2);
    expect(hooks[1]!.id).toBe(hooks[0]!.id);
    await expect.poll(() => delivery.locator('dd').nth(1).textContent(), { timeout: 20_000 }).toBe('2');

    // Edited (paused), then deleted after a confirmation.
    await endpoint.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit the endpoint' });
    await edit.getByLabel('Active: send events to it').uncheck();
    await edit.getByRole('button', { name: 'Save the endpoint' }).click();
    await endpoint.getByText('Paused', { exact: true }).waitFor();
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    await endpoint.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('No webhook endpoints').waitFor();
    await context.close();
  });
});
