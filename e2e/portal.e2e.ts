import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signedInContext } from './support/auth';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, newPage, settledScreenshot } from './support/page';

// Over 30 s: eighteen checks of the portal's pages as a customer uses them, each a page loaded and read by axe.

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(screenshots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(user: { email: string; password: string } = DEMO.customer, width = 1280) {
  const { context, page, consoleErrors } = await newPage(browser, { width });
  await signedInContext(context, user);
  return { context, page, consoleErrors };
}
const where = (page: Page) => `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
const cssVar = (page: Page, name: string) => page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);

describe('the portal query (docs/requirements.md 3.4-3.9)', () => {
  it('3.6: an entity that does not load (unknown, or not shared with the user) sends the user to /', async () => {
    const { context, page } = await signedIn();
    for (const target of ['/?entity=999999', '/notes?entity=5', '/photos?entity=5&theme=acme']) {
      await page.goto(target);
      await expect.poll(() => where(page)).toBe('/');
    }
    await context.close();
  });

  it('3.5: a company that does not load sends the user to /, which opens their only project', async () => {
    const { context, page } = await signedIn(DEMO.neighbor);
    await page.goto('/invoices?company_id=2&entity=5');
    // Nico has one project: / goes straight on to it (docs/decisions/034-project-cards-on-the-index-page.md).
    await expect.poll(() => where(page)).toBe('/?entity=5');
    await page.getByRole('heading', { level: 1, name: 'Backyard deck' }).waitFor();
    await context.close();
  });

  it("3.7: only company_id goes to / with entity set to that company's first entity", async () => {
    const { context, page } = await signedIn();
    await page.goto('/documents?company_id=2');
    await expect.poll(() => where(page)).toBe('/?entity=4');
    await page.getByRole('heading', { level: 1, name: 'Lake house bathroom' }).waitFor();
    await context.close();
  });

  it('3.8: "undefined", "null" and empty count as missing', async () => {
    const { context, page } = await signedIn();
    await page.goto('/?entity=undefined&company_id=null&theme=');
    await page.getByRole('heading', { level: 1, name: 'Your projects' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('3.9: a query that fails validation gives the 404 page "Page Not Found: {path}"', async () => {
    const { context, page } = await signedIn();
    await page.goto('/invoices?entity=abc');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found: /invoices' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('theme and chrome (docs/requirements.md 2.3, 5.4)', () => {
  it('is blank, default green, with nothing to brand by; the company colour once a project is picked', async () => {
    const { context, page } = await signedIn();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Your projects' }).waitFor();
    expect(await cssVar(page, '--portal-color')).toBe('#2aa21d');
    expect(await page.title()).toBe('Project portal');

    await page.getByRole('link', { name: 'Kitchen remodel', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    expect(await cssVar(page, '--portal-color')).toBe('#c2410c');
    // The stale copy follows a second later, so the bar animates from green to the brand.
    expect(await cssVar(page, '--portal-color-stale')).toBe('#2aa21d');
    await expect.poll(() => cssVar(page, '--portal-color-stale'), { timeout: 3000 }).toBe('#c2410c');
    expect(await page.title()).toBe('Project portal | Acme Builders');
    await context.close();
  });

  it('takes the colour from the theme code alone', async () => {
    const { context, page } = await signedIn();
    await page.goto('/contact?theme=brightside');
    await expect.poll(() => cssVar(page, '--portal-color')).toBe('#1d4ed8');
    await context.close();
  });
});

describe('the landing page: your projects', () => {
  it.each([1280, 375])('shows each project as a card under its company, with cover, status, balance and latest activity (%i px)', async (width) => {
    const { context, page, consoleErrors } = await signedIn(DEMO.customer, width);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Your projects' }).waitFor();
    const acme = page.getByRole('region', { name: 'Acme Builders' });
    const brightside = page.getByRole('region', { name: 'Brightside Remodeling' });
    expect(await acme.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Kitchen remodel', '4512 Avenue F (garage)', 'Roof replacement']);
    expect(await brightside.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Lake house bathroom']);
    // Each company's logo beside its name.
    expect(await acme.getByRole('heading', { level: 2 }).locator('img').getAttribute('src')).toMatch(/\/brand\/acme\.svg$/);

    const kitchen = acme.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Kitchen remodel', exact: true }) });
    const cover = kitchen.locator('img');
    await expect.poll(() => cover.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)).toBe(true);
    expect(await cover.getAttribute('srcset')).toMatch(/v=project-cover&d=1&f=webp 1x, .*v=project-cover&d=2&f=webp 2x$/);
    const text = await kitchen.innerText();
    expect(text).toContain('In progress');
    expect(text).toMatch(/Balance\s+\$47,050\.52/);
    expect(text).toMatch(/Latest activity\s+Invoice INV-1026 · Oct 2[34], 2026/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, `projects-${width}.png`), fullPage: true });

    await kitchen.click();
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    expect(where(page)).toBe('/?entity=1');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens the only project of a user who has one, and keeps the theme', async () => {
    const { context, page } = await signedIn(DEMO.neighbor);
    await page.goto('/?theme=acme');
    await page.getByRole('heading', { level: 1, name: 'Backyard deck' }).waitFor();
    const search = new URL(page.url()).searchParams;
    expect([search.get('entity'), search.get('theme')]).toEqual(['5', 'acme']);
    await context.close();
  });
});

describe('the project page', () => {
  it('shows the project: status, address on two lines with a map link, rep, money in USD', async () => {
    const { context, page, consoleErrors } = await signedIn();
    await page.goto('/?entity=1');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    const details = page.getByRole('region', { name: 'Project details' });
    expect(await details.textContent()).toContain('ACM-1042');
    expect(await details.textContent()).toContain('In progress');
    expect(await details.locator('address').innerText()).toMatch(/^4512 Avenue F\nAustin, TX 78751/);
    const map = new URL((await page.getByRole('link', { name: /Open in maps/ }).getAttribute('href'))!);
    expect(map.searchParams.get('query')).toBe('4512 Avenue F (30.3098100,-97.7255300)');
    expect(await details.locator('address').innerText()).toContain('Side gate code 4512. Please park on the street.');
    expect(await details.textContent()).toContain('Dana Whitfield');
    // The rep's direct line, the one the contact page gives, not the company's number.
    expect(await details.getByRole('link', { name: 'Call Dana Whitfield, (512) 555-0142' }).getAttribute('href')).toBe('tel:5125550142');
    expect(await details.textContent()).not.toContain('(512) 555-0134');
    expect(await page.getByText('$119,437.90').isVisible()).toBe(true);
    expect(await page.getByText('$47,050.52').isVisible()).toBe(true);
    expect(await page.getByText('Welcome to your Acme Builders project portal', { exact: false }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'index-1280.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the same balance as the invoices page', async () => {
    const { context, page } = await signedIn();
    await page.goto('/?entity=1');
    const details = page.getByRole('region', { name: 'Project details' });
    const balance = await details.getByRole('term').filter({ hasText: 'Balance' }).locator('xpath=following-sibling::dd').innerText();
    expect(balance).toMatch(/^\$[\d,]+\.\d\d$/);
    await page
      .getByRole('navigation', { name: 'Project areas' })
      .getByRole('link', { name: /Invoices/ })
      .click();
    const summary = page.getByRole('region', { name: 'Balance summary' });
    await expect
      .poll(() => summary.getByRole('term').filter({ hasText: 'Outstanding balance' }).locator('xpath=following-sibling::dd[1]').innerText())
      .toBe(balance);
    await context.close();
  });

  it('labels a nameless project by its street', async () => {
    const { context, page } = await signedIn();
    await page.goto('/?entity=2');
    await page.getByRole('heading', { level: 1, name: '4512 Avenue F (garage)' }).waitFor();
    const options = await page.getByLabel('Showing').locator('option').allTextContents();
    expect(options).toEqual(['Project: Kitchen remodel', 'Project: 4512 Avenue F (garage)', 'Project: Roof replacement', 'Project: Lake house bathroom']);
    await context.close();
  });

  it('picks another project by keyboard alone, keeping it in the URL', async () => {
    const { context, page } = await signedIn();
    await page.goto('/?entity=1');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    await page.getByLabel('Showing').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => where(page)).toBe('/?entity=3');
    await page.getByRole('heading', { level: 1, name: 'Roof replacement' }).waitFor();
    await context.close();
  });

  it('links only the areas the company switched on, and contact, keeping the project', async () => {
    const { context, page } = await signedIn();
    await page.goto('/?entity=4');
    await page.getByRole('heading', { level: 1, name: 'Lake house bathroom' }).waitFor();
    const areas = page.getByRole('navigation', { name: 'Project areas' }).getByRole('link');
    expect(await areas.allTextContents()).toEqual([expect.stringContaining('Notes'), expect.stringContaining('Documents'), expect.stringContaining('Contact')]);
    const header = page.getByRole('navigation', { name: 'Portal areas' });
    expect(await header.getByRole('link', { name: 'Photos' }).count()).toBe(0);
    expect(await header.getByRole('link', { name: 'Invoices' }).count()).toBe(0);
    expect(await areas.first().getAttribute('href')).toBe('/notes?entity=4');
    await context.close();
  });

  it('works on a 375 px phone', async () => {
    const { context, page } = await signedIn(DEMO.customer, 375);
    await page.goto('/?entity=1');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'index-375.png'), fullPage: true });
    await context.close();
  });
});

describe('screenshots of the sign-in page', () => {
  it.each([
    ['login-blank.png', '/login'],
    ['login-acme.png', '/login?theme=acme'],
  ])('%s', async (file, target) => {
    const { context, page } = await newPage(browser);
    await page.goto(target);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    if (target.includes('acme')) await page.getByText('Acme Builders', { exact: true }).waitFor();
    await settledScreenshot(page, { path: path.join(screenshots, file) });
    await context.close();
  });
});
