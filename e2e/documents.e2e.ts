import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signedInContext } from './support/auth';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, newPage } from './support/page';

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
// Demo entities: 1 kitchen (Acme), 4 lake house (Brightside); both share documents.
const KITCHEN = 1;
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
    await page.screenshot({ path: path.join(screenshots, 'documents-1280.png'), fullPage: true });

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
    await page.getByRole('table').waitFor();
    await page.getByLabel('Choose a file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/invoice\.pdf: The file must be a PDF/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(screenshots, 'documents-375.png'), fullPage: true });
    await context.close();
  });
});
