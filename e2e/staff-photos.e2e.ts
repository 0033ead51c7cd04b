import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { launchChromium } from './support/chromium';
import { docsScreenshot, expectNoAxeViolations, newPage, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { acceptStaffInvitation, companyApi, createCompany, dropPhotos, staffPage, testJpeg, type CreatedCompany, type DroppedFile } from './support/staff';

/**
 * A project's photos in the staff console (docs/staff-console.md, "Photos"): the office makes an album, drops eight
 * photos and a bad file into it, sees each file's progress, retries the one the network lost, captions and moves
 * photos, shares the album, and the customer finds it in the portal.
 *
 * Over 30 s: eight photos and a bad file go through the upload queue, each encoded by the server, then the album is
 * worked on.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');
// More than the three the console sends at once, so some wait: the queue, its progress and its limit show.
const PHOTOS = 8;

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let harbor: CreatedCompany;
let staffToken = '';
let projectId = 0;
let customerToken = '';
let customerEntity = 0;

beforeAll(async () => {
  await mkdir(screenshots, { recursive: true });
  smtp = await startTestSmtpServer();
  server = await startServer({ SEED_DEMO: 'false', SMTP_URL: smtp.url });
  browser = await launchChromium();
  harbor = await createCompany(server, { name: 'Harbor Decks', ownerEmail: 'owner@harbor-decks.example', ownerName: 'Hana Harbor', color: '#0f766e' });
  staffToken = await acceptStaffInvitation(server, harbor.invitation, 'harbor-owner-password');
  await companyApi(server, harbor.apiKey, 'PATCH', '/company', { is_portal_album_sharing_enabled: true });
  projectId = (await companyApi<{ id: number }>(server, harbor.apiKey, 'POST', '/projects', { name: 'Deck rebuild', number: 'HD-101' })).id;

  // The customer the project is shared with, signed in through their invitation.
  const customer = await companyApi<{ id: number }>(server, harbor.apiKey, 'POST', '/portal-users', {
    email: 'ann@smith.example',
    first_name: 'Ann',
    last_name: 'Smith',
  });
  await companyApi(server, harbor.apiKey, 'POST', `/projects/${projectId}/shares`, { portal_user_id: customer.id });
  await companyApi(server, harbor.apiKey, 'POST', `/portal-users/${customer.id}/invite`);
  const mail = await smtp.waitFor((message) => message.to.includes('ann@smith.example'));
  const token = new URL(/(https?:\/\/\S+\/invitation\?\S+)/.exec(mail.text ?? '')![1]!).searchParams.get('token');
  const signedIn = await fetch(`${server.url}/api/auth/invitation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  customerToken = ((await signedIn.json()) as { token: string }).token;
  const entities = (await (await fetch(`${server.url}/api/entities`, { headers: { Authorization: `Bearer ${customerToken}` } })).json()) as {
    data: { id: number; model_id: number }[];
  };
  customerEntity = entities.data.find((entity) => entity.model_id === projectId)!.id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('photos in the staff console', () => {
  it('makes an album, uploads eight photos and a bad file with progress, retries the lost one, captions, moves and shares', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, staffToken);
    await page.goto(`/staff/projects/${projectId}/photos`);
    await page.getByRole('heading', { name: 'No albums yet' }).waitFor();
    await expectNoAxeViolations(page);

    // A refused name is said beside the field.
    await page.getByLabel('Album name').fill('   ');
    await page.getByRole('button', { name: 'Create album' }).click();
    await page.getByText('The name field is required.').waitFor();
    await page.getByLabel('Album name').fill('Deck progress');
    await page.getByRole('button', { name: 'Create album' }).click();
    await page.getByRole('link', { name: 'Deck progress' }).click();
    await page.getByRole('heading', { name: 'No photos yet' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Photos', exact: true }).getAttribute('aria-current')).toBe('page');

    // Every upload is held a moment, so the progress shows; one file's first try is lost on the way.
    let inFlight = 0;
    let most = 0;
    const lostKeys: (string | undefined)[] = [];
    await page.route('**/api/integration/albums/*/photos', async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if ((route.request().postData() ?? '').includes('filename="photo-07.jpg"')) {
        lostKeys.push(route.request().headers()['idempotency-key']);
        if (lostKeys.length === 1) return route.abort('connectionreset');
      }
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 250));
      try {
        await route.continue();
      } finally {
        inFlight -= 1;
      }
    });
    const files: DroppedFile[] = [];
    for (let index = 1; index <= PHOTOS; index += 1)
      files.push({ name: `photo-${String(index).padStart(2, '0')}.jpg`, type: 'image/jpeg', base64: await testJpeg(index) });
    files.splice(10, 0, { name: 'not-a-photo.jpg', type: 'image/jpeg', base64: Buffer.from('Just some text pretending to be a photo.\n').toString('base64') });
    await dropPhotos(page, files);

    await expect.poll(() => page.getByRole('progressbar').count()).toBeGreaterThan(0);
    await page
      .getByRole('status')
      .filter({ hasText: /3 uploading · \d+ waiting/ })
      .waitFor();
    await docsScreenshot(page, { path: path.join(screenshots, 'staff-photos-uploading-1280.png'), fullPage: true });
    await page
      .getByRole('status')
      .filter({ hasText: `${PHOTOS - 1} of ${PHOTOS + 1} uploaded · 2 failed` })
      .waitFor({ timeout: 60_000 });
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1);
    // The bad file shows the server's own reason; the lost one says the network failed.
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByText(/must be a JPEG, PNG or WebP file; its contents say it is not/).waitFor();
    await uploads.getByText('The portal could not be reached.', { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Retry photo-07.jpg' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${PHOTOS} of ${PHOTOS + 1} uploaded · 1 failed` })
      .waitFor();
    // The retry carried the first try's idempotency key: had the first reached the server, this one would replay it.
    expect(lostKeys).toHaveLength(2);
    expect(lostKeys[1]).toBe(lostKeys[0]);
    expect(lostKeys[0]).toMatch(/^[0-9a-f]{32}$/);
    // The bad file would be refused again whatever the retry: it offers none, only Dismiss, and stays the only failure.
    await page.getByRole('button', { name: 'Dismiss not-a-photo.jpg' }).waitFor();
    expect(await page.getByRole('button', { name: 'Retry not-a-photo.jpg' }).count()).toBe(0);
    await page
      .getByRole('status')
      .filter({ hasText: `${PHOTOS} of ${PHOTOS + 1} uploaded · 1 failed` })
      .waitFor();
    await page.unroute('**/api/integration/albums/*/photos');

    const grid = page.getByRole('region', { name: 'Photos', exact: true });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(PHOTOS);
    // Photos go in as they arrive, three at a time, so the test reads where each one landed.
    const third = (await grid.getByRole('listitem').nth(2).getAttribute('aria-label'))!.replace(/^Photo 3 of \d+: /, '');
    expect(third).toMatch(/^photo-\d\d\.jpg$/);
    // The refused file left nothing behind.
    const albums = await companyApi<{ data: { id: number; photo_count: number }[] }>(server, harbor.apiKey, 'GET', `/projects/${projectId}/albums`);
    expect(albums.data[0]!.photo_count).toBe(PHOTOS);
    // The thumbnails load from their signed links.
    await expect
      .poll(() => grid.getByRole('img', { name: 'photo-01.jpg' }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);

    // Caption one in place (not the one about to move: its name is its label until then).
    const captioned = third === 'photo-01.jpg' ? 'photo-02.jpg' : 'photo-01.jpg';
    await grid.getByRole('button', { name: `Edit caption of ${captioned}` }).click();
    await grid.getByRole('textbox', { name: 'Caption' }).fill('Old boards, before');
    await grid.getByRole('button', { name: 'Save', exact: true }).click();
    await grid.getByRole('listitem', { name: new RegExp(`^Photo \\d+ of ${PHOTOS}: Old boards, before$`) }).waitFor();

    // Move one earlier by keyboard: it changes place and focus stays on it.
    await grid.getByRole('button', { name: `Move ${third} earlier` }).focus();
    await page.keyboard.press('Enter');
    await grid.getByRole('listitem', { name: `Photo 2 of ${PHOTOS}: ${third}` }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${third} earlier`);
    await page.keyboard.press('Enter');
    await grid.getByRole('listitem', { name: `Photo 1 of ${PHOTOS}: ${third}` }).waitFor();
    // At the front, earlier is off: focus moves to its other button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${third} later`);
    expect(
      (await companyApi<{ data: { file: { name: string } }[] }>(server, harbor.apiKey, 'GET', `/albums/${albums.data[0]!.id}/photos`)).data[0]!.file.name,
    ).toBe(third);

    // Delete one, after a confirmation.
    await grid.getByRole('button', { name: `Delete photo-${String(PHOTOS).padStart(2, '0')}.jpg` }).click();
    await page.getByRole('alertdialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Delete photo' }).click();
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(PHOTOS - 1);

    // Share it: the customer sees it.
    await page.getByRole('button', { name: 'Share Deck progress' }).click();
    await page.getByText('Shared with customers').waitFor();
    await page.getByRole('button', { name: 'Clear uploaded' }).click();
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-photos-album-1280.png'), fullPage: true });
    expect(consoleErrors.filter((error) => !/422|Failed to load resource|ERR_CONNECTION_RESET/.test(error))).toEqual([]);
    await context.close();

    const portal = await newPage(browser, { baseURL: server.url });
    await portal.context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, customerToken] as const);
    await portal.page.goto(`/photos?entity=${customerEntity}`);
    await portal.page.getByText('Deck progress').first().waitFor();
    await portal.page
      .getByText(`${PHOTOS - 1} photos`)
      .first()
      .waitFor();
    await portal.context.close();
  }, 180_000);

  it('renames and deletes albums, and fits a phone', async () => {
    const { context, page } = await staffPage(browser, server, staffToken, { width: 375, height: 800 });
    await page.goto(`/staff/projects/${projectId}/photos`);
    await page.getByLabel('Album name').fill('Materials');
    await page.getByRole('button', { name: 'Create album' }).click();
    await page.getByRole('link', { name: 'Materials' }).waitFor();

    await page.getByRole('button', { name: 'Rename Materials' }).click();
    await page.getByRole('form', { name: 'Rename Materials' }).getByLabel('Album name').fill('Materials on site');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('link', { name: 'Materials on site' }).waitFor();
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-photos-375.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Delete Materials on site' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete “Materials on site”?' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Delete album' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Materials on site' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Deck progress' }).click();
    await page.getByRole('region', { name: 'Photos', exact: true }).getByRole('listitem').first().waitFor();
    // On a phone (or from the keyboard) the photos come from the file picker.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose photos' }).click()]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles({ name: 'from-phone.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await testJpeg(99), 'base64') });
    await page.getByRole('status').filter({ hasText: '1 of 1 uploaded' }).waitFor();
    await page
      .getByRole('region', { name: 'Photos', exact: true })
      .getByRole('listitem', { name: `Photo ${PHOTOS} of ${PHOTOS}: from-phone.jpg` })
      .waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('heading', { name: 'Photos', exact: true }).scrollIntoViewIfNeeded();
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-photos-album-375.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();

    const wide = await staffPage(browser, server, staffToken);
    await wide.page.goto(`/staff/projects/${projectId}/photos`);
    await wide.page.getByRole('link', { name: 'Deck progress' }).waitFor();
    await expectNoAxeViolations(wide.page);
    await settledScreenshot(wide.page, { path: path.join(screenshots, 'staff-photos-1280.png') });
    await wide.context.close();
  }, 120_000);

  it("shows Page not found for another company's project or album, and an album under the wrong project", async () => {
    const other = await createCompany(server, { name: 'Other Builders', ownerEmail: 'owner@other.example' });
    const theirProject = (await companyApi<{ id: number }>(server, other.apiKey, 'POST', '/projects', { name: 'Their project' })).id;
    const theirAlbum = (await companyApi<{ id: number }>(server, other.apiKey, 'POST', `/projects/${theirProject}/albums`, { name: 'Their album' })).id;
    const ourSecond = (await companyApi<{ id: number }>(server, harbor.apiKey, 'POST', '/projects', { name: 'Fence' })).id;
    const ourAlbum = (await companyApi<{ data: { id: number }[] }>(server, harbor.apiKey, 'GET', `/projects/${projectId}/albums`)).data[0]!.id;

    const { context, page } = await staffPage(browser, server, staffToken);
    for (const url of [
      `/staff/projects/${theirProject}/photos`,
      `/staff/projects/${projectId}/photos/${theirAlbum}`,
      `/staff/projects/${ourSecond}/photos/${ourAlbum}`,
    ]) {
      await page.goto(url);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.getByText('Their album').count(), url).toBe(0);
    }
    await context.close();
  }, 60_000);
});
