import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, DEMO, signedInContext } from './support/auth';
import { launchChromium } from './support/chromium';
import { baseURL, expectNoAxeViolations, newPage, settledScreenshot } from './support/page';

// Over 30 s: albums, the viewer, swipes and keys, each photo's image fetched and drawn by the browser.

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
// Demo entities: 1 kitchen (Acme, albums on), 4 lake house (Brightside, albums off).
const KITCHEN = 1;
const LAKE_HOUSE = 4;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(width = 1280, height = 800) {
  const { context, page, consoleErrors } = await newPage(browser, { width, height });
  await signedInContext(context, DEMO.customer);
  return { context, page, consoleErrors };
}

describe('photos', () => {
  it('shows the shared albums with cover, name and count, and opens one as a grid of sized, lazy webp thumbnails', async () => {
    const { context, page, consoleErrors } = await signedIn();
    await page.goto(`/photos?entity=${KITCHEN}`);
    const demolition = page.getByRole('link', { name: /Demolition\s*5 photos/ });
    await demolition.waitFor();
    await expect.poll(() => page.getByRole('link', { name: /Cabinets and counters\s*7 photos/ }).count()).toBe(1);
    await expect
      .poll(() =>
        page
          .locator('img')
          .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'photos-1280.png'), fullPage: true });

    await demolition.click();
    await page.getByRole('heading', { level: 1, name: 'Demolition' }).waitFor();
    const thumbnails = page.getByRole('button', { name: /^Open photo \d of 5/ });
    await expect.poll(() => thumbnails.count()).toBe(5);
    const first = thumbnails.first().locator('img');
    expect(await first.getAttribute('loading')).toBe('lazy');
    expect(await first.getAttribute('width')).toBe('280');
    expect(await first.getAttribute('height')).toBe('210');
    expect(await first.getAttribute('srcset')).toMatch(/v=photo-thumbnail&d=1&f=webp 1x, .*v=photo-thumbnail&d=2&f=webp 2x$/);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'photos-album-1280.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens a photo full screen: arrows move, the caption is the alt text, focus stays inside, Escape closes', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/photos?entity=${KITCHEN}`);
    await page.getByRole('link', { name: /Demolition/ }).click();
    const opener = page.getByRole('button', { name: 'Open photo 1 of 5: The old kitchen before we started' });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Photo 1 of 5' });
    await viewer.waitFor();
    const photo = viewer.getByRole('img');
    expect(await photo.getAttribute('alt')).toBe('The old kitchen before we started');
    await expect.poll(() => photo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'photos-viewer-1280.png') });

    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Photo 2 of 5' }).waitFor();
    expect(await page.getByRole('dialog').getByRole('img').getAttribute('alt')).toBe('Upper cabinets coming down');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: 'Photo 1 of 5' }).waitFor();

    for (let step = 0; step < 6; step++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('keeps the album and photo in the URL: Back closes the viewer, then the album, and a shared link opens the same photo', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/photos?entity=${KITCHEN}`);
    await page.getByRole('link', { name: /Demolition/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Demolition' }).waitFor();
    const album = new URL(page.url()).searchParams.get('album');
    expect(album).toMatch(/^\d+$/);
    await page.getByRole('button', { name: /^Open photo 2 of 5/ }).click();
    await page.getByRole('dialog', { name: 'Photo 2 of 5' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Photo 3 of 5' }).waitFor();
    const shared = page.url();
    expect(new URL(shared).searchParams.get('album')).toBe(album);
    expect(new URL(shared).searchParams.get('photo')).toMatch(/^\d+$/);

    // Moving between photos replaced the entry: one Back closes the viewer, the next leaves the album.
    await page.goBack();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Demolition' }).waitFor();
    expect(new URL(page.url()).searchParams.get('photo')).toBeNull();
    await page.goBack();
    await page.getByRole('link', { name: /Cabinets and counters/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('album')).toBeNull();

    const other = await newPage(browser);
    await signedInContext(other.context, DEMO.customer);
    await other.page.goto(shared);
    const viewer = other.page.getByRole('dialog', { name: 'Photo 3 of 5' });
    await viewer.waitFor();
    expect(await viewer.getByRole('img').getAttribute('alt')).toBe('Wall opened up to the dining room');
    // Closing a viewer opened by a link stays on the album.
    await other.page.keyboard.press('Escape');
    await other.page.getByRole('heading', { level: 1, name: 'Demolition' }).waitFor();
    expect(new URL(other.page.url()).searchParams.get('photo')).toBeNull();
    await other.context.close();
    await context.close();
  });

  it.each([1280, 375])('covers the page with an opaque viewer whose counter overlaps nothing (%i px)', async (width) => {
    const { context, page } = await signedIn(width, 800);
    await page.goto(`/photos?entity=${KITCHEN}`);
    await page.getByRole('link', { name: /Demolition/ }).click();
    await page.getByRole('button', { name: /^Open photo 1 of 5/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Photo 1 of 5' });
    await viewer.waitFor();
    await expect.poll(() => viewer.getByRole('img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // Nothing of the page under it shows: every corner and the middle of the screen belong to the viewer, on black.
    const covered = await page.evaluate(() =>
      [
        [5, 5],
        [innerWidth - 5, 5],
        [innerWidth / 2, innerHeight / 2],
        [5, innerHeight - 5],
        [innerWidth - 5, innerHeight - 5],
      ].every(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[role="dialog"]'))),
    );
    expect(covered).toBe(true);
    expect(await viewer.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(0, 0, 0)');
    const box = async (locator: ReturnType<typeof viewer.getByRole>) => (await locator.boundingBox())!;
    const counter = await box(viewer.getByRole('heading', { name: 'Photo 1 of 5' }));
    const others = await Promise.all([
      box(viewer.getByRole('img')),
      box(viewer.getByRole('link', { name: 'Download original' })),
      box(viewer.getByRole('button', { name: 'Close viewer' })),
      box(viewer.getByRole('button', { name: 'Previous photo' })),
      box(viewer.getByRole('button', { name: 'Next photo' })),
    ]);
    for (const other of others) {
      const apart =
        counter.x + counter.width <= other.x ||
        other.x + other.width <= counter.x ||
        counter.y + counter.height <= other.y ||
        other.y + other.height <= counter.y;
      expect(apart).toBe(true);
    }
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows "not available" for a link to an album or photo the user cannot see', async () => {
    const { context, page } = await signedIn();
    // Album 3 is the kitchen's unshared one; album 5 is on another customer's project; photo 999999 is in no album.
    for (const [target, message] of [
      [`/photos?entity=${KITCHEN}&album=3`, 'This album is not available'],
      [`/photos?entity=${KITCHEN}&album=5&photo=1`, 'This album is not available'],
      [`/photos?entity=${KITCHEN}&album=1&photo=999999`, 'This photo is not available'],
    ] as const) {
      await page.goto(target);
      await page.getByRole('heading', { name: message }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'See the album' }).click();
    await page.getByRole('heading', { level: 1, name: 'Demolition' }).waitFor();
    await context.close();
  });

  it('moves by swiping on a phone', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    await signedInContext(context, DEMO.customer);
    await page.goto(`/photos?entity=${KITCHEN}`);
    await settledScreenshot(page, { path: path.join(screenshots, 'photos-375.png'), fullPage: true });
    await page.getByRole('link', { name: /Demolition/ }).click();
    await page.getByRole('button', { name: /^Open photo 1 of 5/ }).click();
    await page.getByRole('dialog', { name: 'Photo 1 of 5' }).waitFor();
    const swipe = (from: number, to: number) =>
      page.getByRole('dialog').evaluate(
        (element, [start, end]) => {
          const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: 300 });
          element.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(start!)], changedTouches: [touch(start!)] }));
          element.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(end!)] }));
        },
        [from, to],
      );
    await swipe(300, 60);
    await page.getByRole('dialog', { name: 'Photo 2 of 5' }).waitFor();
    await settledScreenshot(page, { path: path.join(screenshots, 'photos-viewer-375.png') });
    await swipe(60, 300);
    await page.getByRole('dialog', { name: 'Photo 1 of 5' }).waitFor();
    await context.close();
  });

  it('downloads a whole album as a zip, and an original photo', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/photos?entity=${KITCHEN}`);
    await page.getByRole('link', { name: /Demolition/ }).click();
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download album (zip)' }).click()]);
    expect(zip.suggestedFilename()).toBe('Demolition.zip');
    const bytes = await readFile((await zip.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.length).toBeGreaterThan(5 * 10_000);

    await page.getByRole('button', { name: /^Open photo 1 of 5/ }).click();
    const [original] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download original' }).click()]);
    expect(original.suggestedFilename()).toMatch(/^IMG_\d+\.jpg$/);
    await context.close();
  });

  it('refuses a tampered signed image URL with 403, and an unlisted variant with 400', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/photos?entity=${KITCHEN}`);
    const cover = page.getByRole('link', { name: /Demolition/ }).locator('img');
    await cover.waitFor();
    const src = (await cover.getAttribute('src'))!;
    expect((await page.request.get(src)).status()).toBe(200);
    const tampered = src.replace(/sig=([^&])/, (_match, char: string) => `sig=${char === 'A' ? 'B' : 'A'}`);
    const refused = await page.request.get(tampered);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'This link is invalid or has expired.' });
    // A valid signature still renders only the listed variants: any other size, quality or format is 400.
    const base = src.replace(/&v=.*$/, '');
    for (const query of ['w=4000&h=3000&f=webp&q=100', 'v=photo-thumbnail&f=avif', 'v=photo-full&d=3']) {
      expect((await page.request.get(`${base}&${query}`)).status(), query).toBe(400);
    }
    await context.close();
  });

  it('is neither linked nor reachable where the company switched albums off', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/?entity=${LAKE_HOUSE}`);
    await page.getByRole('heading', { level: 1, name: 'Lake house bathroom' }).waitFor();
    expect(await page.getByRole('link', { name: /^Photos/ }).count()).toBe(0);
    await page.goto(`/photos?entity=${LAKE_HOUSE}`);
    await page.getByRole('heading', { name: 'Photos are not available' }).waitFor();
    const token = await apiSignIn(DEMO.customer);
    const api = await fetch(`${baseURL()}/api/entities/${LAKE_HOUSE}/albums`, { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(404);
    await context.close();
  });
});
