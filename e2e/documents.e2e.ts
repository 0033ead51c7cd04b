import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, DEMO, signedInContext } from './support/auth';
import { launchChromium } from './support/chromium';
import { baseURL, docsScreenshot, expectNoAxeViolations, newPage } from './support/page';

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
// Demo entities: 1 kitchen and 3 roof (Acme), 4 lake house (Brightside); all share documents.
const KITCHEN = 1;
const ROOF = 3;
const LAKE_HOUSE = 4;

/** A small but real PDF, written by hand. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(width = 1280) {
  const { context, page, consoleErrors } = await newPage(browser, { width });
  await signedInContext(context, DEMO.customer);
  return { context, page, consoleErrors };
}
/** The table's URL state (decision 026): entity=3&q=…&page=… as an object. */
const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const historyLength = (page: Page) => page.evaluate(() => history.length);
const rowNames = (page: Page) => page.locator('tbody tr td:first-child').evaluateAll((cells) => cells.map((cell) => cell.firstChild?.textContent ?? ''));

describe('documents', () => {
  it('lists name, type, size, date and who shared each; searches and sorts', async () => {
    const { context, page, consoleErrors } = await signedIn();
    await page.goto(`/documents?entity=${KITCHEN}`);
    await page.getByRole('table').waitFor();
    for (const header of ['Name', 'Type', 'Size', 'Date', 'Shared by']) await page.getByRole('columnheader', { name: header }).waitFor();
    await expect.poll(() => rowNames(page)).toContain('Signed contract.pdf');
    expect(await page.getByRole('row', { name: /Cabinet inspiration\.jpg.*Uploaded by you/ }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await docsScreenshot(page, { path: path.join(screenshots, 'documents-1280.png'), fullPage: true });

    await page.getByLabel('Search documents by name').fill('permit');
    await expect.poll(() => rowNames(page)).toEqual(['Building permit BP-2026-0412.pdf']);
    await page.getByLabel('Search documents by name').fill('');
    await page.getByRole('button', { name: 'Name' }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    await expect
      .poll(async () => {
        const names = await rowNames(page);
        return names.join('|') === [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).join('|');
      })
      .toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('previews a PDF and an image in the browser, and downloads under the real name', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/documents?entity=${KITCHEN}`);
    const preview = page.getByRole('link', { name: 'Preview Signed contract.pdf' });
    await preview.waitFor();
    expect(await preview.getAttribute('target')).toBe('_blank');
    const pdf = await page.request.get((await preview.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);

    await page.getByRole('button', { name: 'Preview Countertop sample.jpg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Countertop sample.jpg' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1200);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Signed contract.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('Signed contract.pdf');
    await context.close();
  });

  it('uploads by button and by drag and drop, marks them as mine, and keeps them after a reload', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/documents?entity=${LAKE_HOUSE}`);
    await page.getByRole('table').waitFor();
    await page.getByLabel('Choose a file').setInputFiles({ name: 'Tile order e2e.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('row', { name: /Tile order e2e\.pdf.*Uploaded by you/ }).waitFor();

    await page.getByRole('region', { name: 'Upload a document' }).evaluate((zone) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['Measurements: 5 ft 2 in by 8 ft\n'], 'Measurements e2e.txt', { type: 'text/plain' }));
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    });
    await page.getByRole('row', { name: /Measurements e2e\.txt.*Uploaded by you/ }).waitFor();

    await page.reload();
    await page.getByRole('row', { name: /Tile order e2e\.pdf/ }).waitFor();
    await page.getByRole('row', { name: /Measurements e2e\.txt/ }).waitFor();
    await context.close();
  });

  it('says why an upload is refused: a web page dressed as a PDF', async () => {
    const { context, page } = await signedIn(375);
    await page.goto(`/documents?entity=${LAKE_HOUSE}`);
    await page.getByRole('list', { name: /^Documents, sorted by/ }).waitFor();
    await page
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/invoice\.pdf: The file must be a PDF/);
    await expectNoAxeViolations(page);
    await docsScreenshot(page, { path: path.join(screenshots, 'documents-375.png'), fullPage: true });
    await context.close();
  });
});

describe('the documents table in the URL (decision 026)', () => {
  // Twelve documents on the roof (which has none in the demo), so there is a page 2 at 10 a page.
  const roofNames = Array.from({ length: 12 }, (_, index) => `Roof e2e ${String(index + 1).padStart(2, '0')}.txt`);
  beforeAll(async () => {
    const token = await apiSignIn(DEMO.customer);
    for (const name of roofNames) {
      const form = new FormData();
      form.append('file', new Blob([`Roof note ${name}\n`], { type: 'text/plain' }), name);
      const response = await fetch(`${baseURL()}/api/entities/${ROOF}/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(response.status, await response.text()).toBe(201);
    }
  });

  async function waitForRows(page: Page, names: string[]) {
    await expect.poll(() => rowNames(page), { timeout: 10_000 }).toEqual(names);
  }

  it('keeps sort, page and search in the URL: reload shows the same table, Back the one before', async () => {
    const { context, page, consoleErrors } = await signedIn();
    await page.goto(`/documents?entity=${ROOF}`);
    // Newest first by default, and nothing but the project in the URL.
    await waitForRows(page, roofNames.toReversed().slice(0, 10));
    expect(search(page)).toEqual({ entity: String(ROOF) });

    await page.getByRole('button', { name: 'Name' }).click();
    await waitForRows(page, roofNames.slice(0, 10));
    expect(search(page)).toEqual({ entity: String(ROOF), sort: 'name' });
    await page.getByRole('navigation', { name: 'Document pages' }).getByRole('button', { name: 'Page 2' }).click();
    await waitForRows(page, roofNames.slice(10));
    expect(search(page)).toEqual({ entity: String(ROOF), sort: 'name', page: '2' });

    await page.reload();
    await waitForRows(page, roofNames.slice(10));
    expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await page.goBack();
    await waitForRows(page, roofNames.slice(0, 10));
    expect(search(page)).toEqual({ entity: String(ROOF), sort: 'name' });
    await page.goBack();
    await waitForRows(page, roofNames.toReversed().slice(0, 10));
    expect(await page.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    await page.goForward();
    await page.goForward();
    await waitForRows(page, roofNames.slice(10));

    // Typing replaces the history entry (one per keystroke would make Back useless) and starts at page 1.
    const entries = await historyLength(page);
    const box = page.getByLabel('Search documents by name');
    await box.pressSequentially('e2e 1', { delay: 30 });
    await waitForRows(page, ['Roof e2e 10.txt', 'Roof e2e 11.txt', 'Roof e2e 12.txt']);
    await expect.poll(() => search(page)).toEqual({ entity: String(ROOF), sort: 'name', q: 'e2e 1' });
    expect(await historyLength(page)).toBe(entries);

    await page.reload();
    await waitForRows(page, ['Roof e2e 10.txt', 'Roof e2e 11.txt', 'Roof e2e 12.txt']);
    expect(await box.inputValue()).toBe('e2e 1');
    await expectNoAxeViolations(page);

    // The search took the place of page 2: Back goes to page 1, and the box empties with the URL.
    await page.goBack();
    await waitForRows(page, roofNames.slice(0, 10));
    expect(search(page)).toEqual({ entity: String(ROOF), sort: 'name' });
    expect(await box.inputValue()).toBe('');

    await page.getByLabel('Rows per page').selectOption('15');
    await waitForRows(page, roofNames);
    expect(search(page)).toEqual({ entity: String(ROOF), sort: 'name', size: '15' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens a shared link filtered and sorted, and falls back to the defaults for values it does not know', async () => {
    const { context, page, consoleErrors } = await signedIn();
    await page.goto(`/documents?entity=${ROOF}&q=${encodeURIComponent('e2e 1')}&sort=-name`);
    await waitForRows(page, ['Roof e2e 12.txt', 'Roof e2e 11.txt', 'Roof e2e 10.txt']);
    expect(await page.getByLabel('Search documents by name').inputValue()).toBe('e2e 1');
    expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');

    await page.goto(`/documents?entity=${KITCHEN}&q=permit`);
    await waitForRows(page, ['Building permit BP-2026-0412.pdf']);

    await page.goto(`/documents?entity=${ROOF}&sort=colour&page=abc&size=7&q=`);
    await waitForRows(page, roofNames.toReversed().slice(0, 10));
    expect(await page.getByRole('heading', { level: 1, name: 'Documents' }).count()).toBe(1);
    expect(await page.getByLabel('Rows per page').inputValue()).toBe('10');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('moves a link to a page past the end to the last page, without a history entry for the empty one', async () => {
    const { context, page, consoleErrors } = await signedIn();
    await page.goto(`/documents?entity=${ROOF}&page=9`);
    await expect.poll(() => search(page).page, { timeout: 10_000 }).toBe('2');
    // The address moves to page 2 before page 2's rows arrive: the table may still show page 9's empty answer.
    await expect.poll(() => rowNames(page), { timeout: 10_000 }).toContain('Roof e2e 01.txt');
    expect(await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await historyLength(page)).toBe(2);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
