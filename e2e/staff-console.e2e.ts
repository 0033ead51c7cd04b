import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, newPage } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { companyApi, createCompany, dropPhotos, testJpeg } from './support/staff';

/**
 * A company runs its portal from the staff console alone (docs/staff-console.md), from an empty portal and one
 * company the operator made with `create-company`: the owner follows the invitation, brands the portal and invites a
 * member of staff; the member makes a project, invites the customer, uploads twenty photos by drag and drop (one lost
 * on the way and retried), a PDF and an invoice, and previews the portal as the customer, who can change nothing there;
 * the customer signs in, finds it all, writes a note and uploads a document; both show in the open inbox without a
 * reload; the member answers; the audit log names every step and who took it.
 *
 * Over 30 s: it is the office's whole day in one journey, from the invitation to the audit log.
 */

const PHOTOS = 20;
const LOAD = { timeout: 30_000 };
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 300]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let apiKey = '';
let ownerInvitation = '';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, SEED_DEMO: 'false' });
  browser = await launchChromium();
  const created = await createCompany(server, {
    name: 'Harbor Roofing',
    ownerEmail: 'owner@harbor.example',
    ownerName: 'Hana Harbor',
    themeCode: 'harbor',
    color: '#0f766e',
  });
  apiKey = created.apiKey;
  ownerInvitation = created.invitation;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
// At phone width a page may hold a hidden table beside its cards: any visible match counts.
const visible = (locator: ReturnType<Page['getByText']>) => expect.poll(() => locator.filter({ visible: true }).count(), LOAD).toBeGreaterThan(0);

/** Follows a staff invitation link in the browser: chooses the password, lands in the console. */
async function joinConsole(page: Page, link: string, password: string) {
  await page.goto(path(link));
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Save the password and sign in' }).click();
  await expect.poll(() => new URL(page.url()).pathname, LOAD).toBe('/staff');
}

describe('the staff console, from an empty portal to a customer served', () => {
  it('lets the office do it all from a browser, and the customer follow in the portal', async () => {
    // The owner joins through the operator's link, brands the portal and turns its areas on.
    const owner = await newPage(browser, { baseURL: server.url });
    await joinConsole(owner.page, ownerInvitation, 'harbor-owner-password');
    await owner.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
    await owner.page.getByRole('heading', { level: 1, name: 'Branding' }).waitFor();
    await owner.page.getByLabel('Colour', { exact: true }).fill('#b91c1c');
    await owner.page.getByLabel('Welcome message').fill('Your roof, start to finish.');
    await owner.page.getByRole('button', { name: 'Save branding' }).click();
    await visible(owner.page.getByText('Branding saved', { exact: true }));
    await owner.page.goto('/staff/settings/areas');
    for (const area of ['Notes', 'Photos', 'Documents', 'Invoices']) {
      const toggle = owner.page.getByRole('switch', { name: area });
      if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked'), LOAD).toBe('true');
    }

    // … and invites a member of staff, who joins from the email.
    await owner.page.goto('/staff/settings/staff');
    await owner.page.getByRole('button', { name: 'Add a member' }).click();
    const form = owner.page.getByRole('form', { name: 'Add a member' });
    await form.getByLabel('Name').fill('Sam Shingle');
    await form.getByLabel('Email', { exact: true }).fill('sam@harbor.example');
    await form.getByLabel('Role').selectOption('staff');
    await form.getByRole('button', { name: 'Add the member' }).click();
    await visible(owner.page.getByText('An invitation is on its way to sam@harbor.example.', { exact: true }));
    const samMail = await smtp.waitFor((message) => message.to.includes('sam@harbor.example'));
    const sam = await newPage(browser, { baseURL: server.url });
    await joinConsole(sam.page, /(https?:\/\/\S+\/staff\/invitation\?token=\S+)/.exec(samMail.text ?? '')![1]!, 'sam-shingle-password');
    const page = sam.page;

    // Sam makes the project with a new account, and invites the customer to it.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('link', { name: 'New project' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Roof replacement');
    await page.getByLabel('Number').fill('HR-1001');
    await page.getByLabel('Street').fill('12 Oak St');
    await page.getByLabel('A new account').check();
    await page.getByLabel('Account name').fill('The Smiths');
    await page.getByLabel('Contact first name').fill('Ann');
    await page.getByLabel('Contact last name').fill('Smith');
    await page.getByLabel('Contact email').fill('ann@smith.example');
    await page.getByRole('button', { name: 'Create project' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Roof replacement' }));
    const projectId = Number(/\/staff\/projects\/(\d+)/.exec(page.url())![1]);
    const project = page.getByRole('navigation', { name: 'Project' });

    await project.getByRole('link', { name: 'Customers' }).click();
    await page.getByLabel('First name').fill('Ann');
    await page.getByLabel('Last name').fill('Smith');
    await page.getByLabel('Email').fill('ann@smith.example');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await visible(page.getByText('Invitation sent to ann@smith.example.'));

    // Twenty photos dropped at once, with their progress; the first try of one is lost on the way, and retried.
    await project.getByRole('link', { name: 'Photos' }).click();
    await page.getByLabel('Album name').fill('Tear-off');
    await page.getByRole('button', { name: 'Create album' }).click();
    await page.getByRole('link', { name: 'Tear-off' }).click();
    let lost = false;
    await page.route('**/api/integration/albums/*/photos', async (route: Route) => {
      if (!lost && (route.request().postData() ?? '').includes('filename="photo-07.jpg"')) {
        lost = true;
        return route.abort('connectionreset');
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
      return route.continue();
    });
    const files = [];
    for (let index = 1; index <= PHOTOS; index += 1) {
      files.push({ name: `photo-${String(index).padStart(2, '0')}.jpg`, type: 'image/jpeg', base64: await testJpeg(index) });
    }
    await dropPhotos(page, files);
    await expect.poll(() => page.getByRole('progressbar').count(), LOAD).toBeGreaterThan(0);
    await page
      .getByRole('status')
      .filter({ hasText: `${PHOTOS - 1} of ${PHOTOS} uploaded · 1 failed` })
      .waitFor(LOAD);
    await page.getByRole('button', { name: 'Retry photo-07.jpg' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${PHOTOS} of ${PHOTOS} uploaded` })
      .waitFor(LOAD);
    await page.unroute('**/api/integration/albums/*/photos');
    await page.getByRole('button', { name: 'Share Tear-off' }).click();
    await expect
      .poll(
        async () => (await companyApi<{ data: { is_shared: boolean; photo_count: number }[] }>(server, apiKey, 'GET', `/projects/${projectId}/albums`)).data[0],
        LOAD,
      )
      .toMatchObject({ is_shared: true, photo_count: PHOTOS });

    // A PDF for the customer, and an invoice sent.
    await project.getByRole('link', { name: 'Documents' }).click();
    await page.getByLabel('Upload documents').setInputFiles({ name: 'Roof contract.pdf', mimeType: 'application/pdf', buffer: PDF });
    const contract = page.getByRole('listitem').filter({ hasText: 'Roof contract.pdf' });
    await contract.getByRole('button', { name: 'Share Roof contract.pdf' }).click();
    await visible(contract.getByRole('button', { name: 'Stop sharing Roof contract.pdf' }));

    await project.getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('link', { name: 'New invoice' }).click();
    await page.getByLabel('Number').fill('HR-INV-1');
    await page.getByLabel('Line 1 Description').fill('Tear-off and disposal');
    await page.getByLabel('Line 1 Quantity').fill('1');
    await page.getByLabel('Line 1 Unit price').fill('4000.00');
    await page.getByLabel('Tax rate (%)').fill('8.25');
    await page.getByRole('button', { name: 'Create the draft' }).click();
    await page.getByRole('heading', { name: 'Invoice HR-INV-1' }).waitFor(LOAD);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Send invoice HR-INV-1?' }).getByRole('button', { name: 'Send the invoice' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Edit' }).count(), LOAD).toBe(0);

    // Sam previews the portal as Ann sees it: everything there, nothing writable.
    await project.getByRole('link', { name: 'Overview' }).click();
    await page.getByLabel('Customer', { exact: true }).selectOption({ label: 'Ann Smith (ann@smith.example)' });
    const [tab] = await Promise.all([sam.context.waitForEvent('page'), page.getByRole('button', { name: 'Preview as customer' }).click()]);
    await visible(tab.getByRole('region', { name: 'Preview' }));
    await visible(tab.getByRole('heading', { level: 1, name: 'Roof replacement' }));
    await tab.getByRole('link', { name: 'Notes' }).first().click();
    await expect.poll(() => tab.getByRole('textbox', { name: 'Note' }).isDisabled(), LOAD).toBe(true);
    expect(await tab.getByRole('button', { name: 'Send note' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(tab);
    await tab.close();

    // The inbox stays open on Sam's screen while Ann acts.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('heading', { level: 2, name: 'Nothing here yet' }).waitFor(LOAD);

    // Ann follows her invitation, chooses a password, and finds it all in the red of the new brand.
    const annMail = await smtp.waitFor((message) => message.to.includes('ann@smith.example') && /invites you/.test(message.subject ?? ''));
    const ann = await newPage(browser, { baseURL: server.url, width: 375, height: 800 });
    await ann.page.goto(path(/(https?:\/\/\S+\/invitation\?\S+)/.exec(annMail.text ?? '')![1]!));
    await ann.page.getByRole('button', { name: 'Open my portal' }).click();
    await ann.page.getByLabel('New password', { exact: true }).fill('ann-smith-roof-2026');
    await ann.page.getByLabel('Repeat the new password').fill('ann-smith-roof-2026');
    await ann.page.getByRole('button', { name: 'Save the password' }).click();
    await visible(ann.page.getByText('Roof replacement'));
    expect(await ann.page.evaluate(() => document.documentElement.style.getPropertyValue('--portal-color'))).toBe('#b91c1c');
    const entity = await ann.page.evaluate(async () => {
      const response = await fetch('/api/entities', { headers: { authorization: `Bearer ${localStorage.getItem('cc_portal_token')}` } });
      return ((await response.json()) as { data: { id: number }[] }).data[0]!.id;
    });
    await ann.page.goto(`/photos?entity=${entity}`);
    await visible(ann.page.getByText('Tear-off'));
    await ann.page.goto(`/invoices?entity=${entity}`);
    await visible(ann.page.getByText('HR-INV-1'));
    await ann.page.goto(`/documents?entity=${entity}`);
    await visible(ann.page.getByText('Roof contract.pdf'));
    await ann.page.getByLabel('Choose a file').setInputFiles({ name: 'Signed contract.pdf', mimeType: 'application/pdf', buffer: PDF });
    await visible(ann.page.getByText('Signed contract.pdf'));
    await ann.page.goto(`/notes?entity=${entity}`);
    await ann.page.getByRole('textbox', { name: 'Note' }).fill('Can the crew park on the street side?');
    await ann.page.getByRole('button', { name: 'Send note' }).click();
    await ann.page.getByRole('log', { name: 'Notes' }).getByText('Can the crew park on the street side?').waitFor(LOAD);

    // Both reach Sam's open inbox without a reload.
    await visible(page.getByRole('link', { name: /Can the crew park on the street side/ }));
    await visible(page.getByText('Signed contract.pdf'));
    await expectNoAxeViolations(page);

    // Sam opens the note and answers in the project's thread; Ann sees the answer.
    await page.getByRole('link', { name: /Can the crew park on the street side/ }).click();
    await expect.poll(() => new URL(page.url()).pathname, LOAD).toBe(`/staff/projects/${projectId}/notes`);
    await page.getByLabel('Note', { exact: true }).fill('Yes, the street side is fine. See you Monday.');
    await page.getByRole('button', { name: 'Send note' }).click();
    await ann.page.getByRole('log', { name: 'Notes' }).getByText('Yes, the street side is fine. See you Monday.').waitFor(LOAD);

    // The audit log names each step and who took it; the owner reads it in the console.
    const log = await companyApi<{ data: { action: string; actor: { kind: string; label: string } }[] }>(server, apiKey, 'GET', '/audit-log?page[size]=100');
    const steps = new Set(log.data.map((entry) => `${entry.action} by ${entry.actor.label}`));
    for (const step of [
      'acceptStaffInvitation by Hana Harbor',
      'updateCompany by Hana Harbor',
      'createStaffMember by Hana Harbor',
      'acceptStaffInvitation by Sam Shingle',
      'createProject by Sam Shingle',
      'createPortalUser by Sam Shingle',
      'shareProject by Sam Shingle',
      'invitePortalUser by Sam Shingle',
      'createAlbum by Sam Shingle',
      'uploadPhotos by Sam Shingle',
      'uploadDocuments by Sam Shingle',
      'createInvoice by Sam Shingle',
      'sendInvoice by Sam Shingle',
      'previewAsCustomer by Sam Shingle',
      'createProjectNote by Sam Shingle',
    ]) {
      expect(steps, step).toContain(step);
    }
    // Twenty photos, twenty uploads: the lost try left no entry of its own.
    expect(log.data.filter((entry) => entry.action === 'uploadPhotos')).toHaveLength(PHOTOS);
    await owner.page.goto('/staff/audit-log');
    await visible(owner.page.getByRole('table').getByText('Sam Shingle'));
    await expectNoAxeViolations(owner.page);

    await Promise.all([owner.context.close(), sam.context.close(), ann.context.close()]);
  }, 300_000);
});
