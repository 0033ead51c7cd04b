import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INVOICE_STATUS_LABELS } from '@portal/contract/constants';
import type { InvoiceDetail, InvoicePage, SelectionsOverview, Statement } from '@portal/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, DEMO, storeToken } from './support/auth';
import { launchChromium } from './support/chromium';
import { baseURL, expectNoAxeViolations, newPage, settledScreenshot } from './support/page';

/**
 * The portal on a phone, where most customers open it from an email link, and on a desktop
 * (docs/decisions/033-phone-layout.md): no page scrolls sideways, the header stays one row, lists
 * become cards that show what matters without scrolling, and every page passes axe.
 *
 * Over 30 s: it is the sweep, twenty-one pages at three widths, each loaded at 375 and 1280 px, measured and read by
 * axe, and at 375 px narrowed to 320 px and measured again.
 */

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
// Demo entities: 1 kitchen (Acme, every area on), 4 lake house (Brightside, documents on).
const KITCHEN = 1;
const LAKE_HOUSE = 4;
const PHONES = [320, 375] as const;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (amount: string) => usd.format(Number(amount));
const day = (date: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
/** Long enough to wrap on any phone, in words that must each stay whole. */
const LONG_NAME = 'Bathroom tile layout revision three approved by the homeowners association.pdf';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let browser: Browser;
let token: string;
let paid: InvoiceDetail;
let faucet: SelectionsOverview['selections'][number];

async function api<T>(pathname: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseURL()}/api${pathname}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(path.join(screenshots, 'pages'), { recursive: true });
  token = await apiSignIn(DEMO.customer);
  const invoices = await api<InvoicePage>(`/entities/${KITCHEN}/invoices?page[size]=100&sort=number`);
  const withPayments = invoices.data.find((invoice) => invoice.number === 'INV-1005')!;
  paid = await api<InvoiceDetail>(`/entities/${KITCHEN}/invoices/${withPayments.id}`);
  faucet = (await api<SelectionsOverview>(`/entities/${KITCHEN}/selections`)).selections.find((selection) => selection.title === 'Kitchen faucet')!;
  const existing = await api<{ data: { name: string }[] }>(`/entities/${LAKE_HOUSE}/documents?page[size]=100`);
  if (!existing.data.some((document) => document.name === LONG_NAME)) {
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), LONG_NAME);
    await api(`/entities/${LAKE_HOUSE}/documents`, { method: 'POST', body: form });
  }
});
afterAll(async () => {
  await browser?.close();
});

async function openAt(width: number, signedIn: boolean) {
  const opened = await newPage(browser, { width, height: 800 });
  if (signedIn) await storeToken(opened.context, token);
  return opened;
}

interface PortalPage {
  /** Also the screenshot's name in docs/screenshots/pages/, at 375 and 1280 px. */
  name: string;
  url: () => string;
  /** What shows once the page has loaded. */
  ready: (page: Page) => Locator;
  /** Whether the page has the portal's header (the sign-in pages have none; signed in, an error page keeps it). */
  header: boolean;
}

const SIGNED_OUT: PortalPage[] = [
  { name: 'sign-in', url: () => '/login?theme=acme', ready: (page) => page.getByRole('heading', { level: 1, name: 'Sign in' }), header: false },
  {
    name: 'sign-in by email',
    url: () => '/auth/passwordless/login?theme=acme',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Sign in by email' }),
    header: false,
  },
  {
    name: 'forgot password',
    url: () => '/forgot-password?theme=acme',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
    header: false,
  },
  {
    name: 'new password',
    url: () => `/reset-password?theme=acme&token=1.${'a'.repeat(43)}`,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    header: false,
  },
  {
    name: 'confirm email',
    url: () => `/confirm-email?theme=acme&token=1.${'a'.repeat(43)}`,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Confirm your new email address' }),
    header: false,
  },
];

const SIGNED_IN: PortalPage[] = [
  { name: 'project', url: () => `/?entity=${KITCHEN}`, ready: (page) => page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }), header: true },
  { name: 'notes', url: () => `/notes?entity=${KITCHEN}`, ready: (page) => page.getByRole('heading', { level: 1, name: /^Notes/ }), header: true },
  { name: 'photos', url: () => `/photos?entity=${KITCHEN}`, ready: (page) => page.getByRole('link', { name: /Demolition/ }), header: true },
  { name: 'invoices', url: () => `/invoices?entity=${KITCHEN}`, ready: (page) => page.getByRole('link', { name: 'INV-1026' }), header: true },
  {
    name: 'one invoice',
    url: () => `/invoices?entity=${KITCHEN}&invoice=${paid.id}`,
    ready: (page) => page.getByRole('heading', { name: /Invoice INV-1005/ }),
    header: true,
  },
  {
    name: 'statement',
    url: () => `/invoices?entity=${KITCHEN}&view=statement`,
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Statement of account' }),
    header: true,
  },
  {
    name: 'change orders',
    url: () => `/change-orders?entity=${KITCHEN}`,
    ready: (page) => page.getByText('Move the sink to the island').filter({ visible: true }).first(),
    header: true,
  },
  {
    name: 'selections',
    url: () => `/selections?entity=${KITCHEN}`,
    ready: (page) => page.getByRole('link', { name: 'Cabinet hardware' }),
    header: true,
  },
  {
    name: 'one selection',
    url: () => `/selections/${faucet.id}?entity=${KITCHEN}`,
    ready: (page) => page.getByRole('listitem', { name: 'Touchless with filtered water' }),
    header: true,
  },
  { name: 'documents', url: () => `/documents?entity=${LAKE_HOUSE}`, ready: (page) => page.getByRole('link', { name: `Download ${LONG_NAME}` }), header: true },
  { name: 'contact', url: () => `/contact?entity=${KITCHEN}`, ready: (page) => page.getByRole('heading', { level: 1, name: 'Contact' }), header: true },
  {
    name: 'devices',
    url: () => `/account/sessions?entity=${KITCHEN}`,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Signed-in devices' }),
    header: true,
  },
  {
    name: 'account settings',
    url: () => `/account?entity=${KITCHEN}`,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Account settings' }),
    header: true,
  },
  { name: 'projects', url: () => '/', ready: (page) => page.getByRole('heading', { level: 2, name: 'Acme Builders' }), header: true },
  { name: 'not found', url: () => '/no-such-page', ready: (page) => page.getByRole('heading', { level: 1, name: 'Page Not Found' }), header: true },
];

/** Every page at the two widths the docs show (375 and 1280), whole, for the next engineer to look at. */
async function pageScreenshot(page: Page, name: string, width: number) {
  if (width !== 375 && width !== 1280) return;
  await settledScreenshot(page, { path: path.join(screenshots, 'pages', `${name.replaceAll(' ', '-')}-${width}.png`), fullPage: true });
}

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Shown, and wholly inside the screen's width. */
async function expectOnScreen(locator: Locator, width: number) {
  await locator.waitFor();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/**
 * At 320 px a page is the page at 375 px, narrower (one breakpoint, at 640): axe reads the same elements and colours
 * at both, so axe runs at 375 and 1280, and at 320 what can break is the fit. The sweep at 375 px narrows the same
 * page to 320 px and checks the fit again, rather than loading every page a third time.
 */
async function expectFitsNarrowerPhone(page: Page, header: boolean) {
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  if (header) expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(64);
  await page.setViewportSize({ width: 375, height: 800 });
}

describe.each([375, 1280])('at %i px', (width) => {
  const phone = width < 640;
  const title = phone ? 'fits the screen at 375 and 320 px and passes axe' : 'fits the screen and passes axe';

  describe('signed out', () => {
    let opened: Awaited<ReturnType<typeof openAt>>;
    beforeAll(async () => {
      opened = await openAt(width, false);
    });
    afterAll(async () => {
      await opened.context.close();
    });

    it.each(SIGNED_OUT)(`the $name page ${title}`, async ({ name, url, ready }) => {
      await opened.page.goto(url());
      await ready(opened.page).waitFor();
      await expectNoSidewaysScroll(opened.page);
      await expectNoAxeViolations(opened.page);
      await pageScreenshot(opened.page, name, width);
      if (phone) await expectFitsNarrowerPhone(opened.page, false);
    });
  });

  describe('signed in', () => {
    let opened: Awaited<ReturnType<typeof openAt>>;
    beforeAll(async () => {
      opened = await openAt(width, true);
    });
    afterAll(async () => {
      await opened.context.close();
    });

    it.each(SIGNED_IN)(`the $name page ${title}${phone ? ' and keeps the header to one row' : ''}`, async ({ name, url, ready, header }) => {
      const { page } = opened;
      await page.goto(url());
      await ready(page).waitFor();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      expect(await page.getByRole('banner').count()).toBe(header ? 1 : 0);
      if (header && phone) expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThanOrEqual(64);
      await pageScreenshot(page, name, width);
      if (phone) await expectFitsNarrowerPhone(page, header);
    });
  });
});

describe.each(PHONES)('on a %i px phone', (width) => {
  let opened: Awaited<ReturnType<typeof openAt>>;
  beforeAll(async () => {
    opened = await openAt(width, true);
  });
  afterAll(async () => {
    await opened.context.close();
  });

  it('shows each invoice as a card with its number, status, due date and balance on screen', async () => {
    const { page } = opened;
    // The first page, as the portal shows it: 10 a page, newest first.
    const invoices = (await api<InvoicePage>(`/entities/${KITCHEN}/invoices?page[size]=10`)).data;
    await page.goto(`/invoices?entity=${KITCHEN}`);
    const cards = page.getByRole('list', { name: /^Invoices, sorted by/ }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(invoices.length);
    expect(await page.getByRole('table').count()).toBe(0);
    for (const invoice of invoices) {
      const card = cards.filter({ has: page.getByRole('link', { name: invoice.number, exact: true }) });
      await expectOnScreen(card.getByRole('link', { name: invoice.number, exact: true }), width);
      await expectOnScreen(card.getByText(INVOICE_STATUS_LABELS[invoice.status], { exact: true }), width);
      await expectOnScreen(
        card
          .getByRole('definition')
          .filter({ hasText: day(invoice.due_date) })
          .first(),
        width,
      );
      await expectOnScreen(
        card
          .getByRole('definition')
          .filter({ hasText: money(invoice.balance) })
          .first(),
        width,
      );
    }
  });

  it('sorts the invoice cards from a select, since there are no column headers to click', async () => {
    const { page } = opened;
    const byBalance = (await api<InvoicePage>(`/entities/${KITCHEN}/invoices?page[size]=10&sort=-balance`)).data;
    await page.goto(`/invoices?entity=${KITCHEN}`);
    await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Balance, highest first' });
    const numbers = page.getByRole('list', { name: 'Invoices, sorted by Balance, descending' }).getByRole('link');
    await expect.poll(() => numbers.allInnerTexts()).toEqual(byBalance.map((invoice) => invoice.number));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-balance');
  });

  it('shows every amount of an invoice, its payments included, whole', async () => {
    const { page } = opened;
    await page.goto(`/invoices?entity=${KITCHEN}&invoice=${paid.id}`);
    await page.getByRole('heading', { name: /Invoice INV-1005/ }).waitFor();
    const lines = page.getByRole('list', { name: 'Line items' }).getByRole('listitem');
    expect(await lines.count()).toBe(paid.lines.length);
    for (const [index, line] of paid.lines.entries()) await expectOnScreen(lines.nth(index).getByText(money(line.amount), { exact: true }), width);
    const payments = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
    expect(await payments.count()).toBe(paid.payments.length);
    expect(paid.payments.length).toBeGreaterThan(0);
    for (const [index, payment] of paid.payments.entries()) {
      const item = payments.nth(index);
      await expectOnScreen(item.getByText(money(payment.amount), { exact: true }), width);
      await expectOnScreen(item.getByText(day(payment.paid_on), { exact: true }), width);
    }
  });

  it('shows each statement entry as a card with its date, description and running balance on screen', async () => {
    const { page } = opened;
    const statement = await api<Statement>(`/entities/${KITCHEN}/statement`);
    await page.goto(`/invoices?entity=${KITCHEN}&view=statement`);
    const entries = page.getByRole('list', { name: /Invoices and payments in date order/ }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(statement.entries.length);
    for (const [index, entry] of statement.entries.entries()) {
      const card = entries.nth(index);
      await expectOnScreen(card.getByText(day(entry.date), { exact: true }), width);
      await expectOnScreen(card.getByText(entry.description, { exact: true }), width);
      await expectOnScreen(card.getByText(money(entry.balance), { exact: true }), width);
    }
  });

  it('shows each document as a card: the name wraps between words, the badge stays whole, the actions are named', async () => {
    const { page } = opened;
    await page.goto(`/documents?entity=${LAKE_HOUSE}`);
    const card = page
      .getByRole('list', { name: /^Documents, sorted by/ })
      .getByRole('listitem')
      .filter({ hasText: LONG_NAME });
    const name = card.getByText(LONG_NAME, { exact: true });
    await expectOnScreen(name, width);
    // Each word is drawn on one line: a word broken letter by letter would span two.
    const brokenWords = await name.evaluate((element) => {
      const text = element.firstChild!;
      const broken: string[] = [];
      let start = 0;
      for (const word of text.textContent!.split(' ')) {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, start + word.length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word);
        start += word.length + 1;
      }
      return broken;
    });
    expect(brokenWords).toEqual([]);
    expect((await name.boundingBox())!.height).toBeGreaterThan(30);
    const badge = card.getByText('Uploaded by you', { exact: true });
    await expectOnScreen(badge, width);
    expect((await badge.boundingBox())!.height).toBeLessThan(30);
    await expectOnScreen(card.getByText(/^PDF · /), width);
    await expectOnScreen(card.getByRole('link', { name: `Preview ${LONG_NAME}` }), width);
    await expectOnScreen(card.getByRole('link', { name: `Download ${LONG_NAME}` }), width);
  });

  it('keeps the areas behind one Menu button: a dialog with the same links, the current page marked, focus kept inside, Escape closing it', async () => {
    const { page } = opened;
    await page.goto(`/invoices?entity=${KITCHEN}`);
    await page.getByRole('link', { name: 'INV-1026' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Portal areas' }).count()).toBe(0);
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const areas = menu.getByRole('navigation', { name: 'Portal areas' }).getByRole('link');
    expect(await areas.allInnerTexts()).toEqual([
      'Project',
      'Notes',
      'Photos',
      'Invoices',
      'Proposals',
      'Change orders',
      'Selections',
      'Documents',
      'Calendar',
      'Contact',
    ]);
    expect(await menu.getByRole('link', { name: 'Invoices' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.locator('[aria-current="page"]').count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Email notifications' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Devices' }).count()).toBe(1);
    expect(await menu.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    if (width === 375) await settledScreenshot(page, { path: path.join(screenshots, 'menu-375.png') });

    // Tabbing past the last item comes back to the first: focus never leaves the open menu.
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    // Radix gives the focus back a moment after the dialog has gone (a timeout of its focus scope).
    await expect.poll(() => menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await menuButton.click();
    await menu.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/documents');
    expect(new URL(page.url()).searchParams.get('entity')).toBe(String(KITCHEN));
    expect(await menu.count()).toBe(0);
  });
});

describe('on a desktop (1280 px)', () => {
  it('shows the areas and the account menu (settings, email notifications, devices, sign out) in the header, with no Menu button, and the invoices as a table', async () => {
    const { context, page } = await openAt(1280, true);
    await page.goto(`/invoices?entity=${KITCHEN}`);
    await page.getByRole('link', { name: 'INV-1026' }).waitFor();
    const header = page.getByRole('banner');
    expect(await header.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
    const areas = header.getByRole('navigation', { name: 'Portal areas' }).getByRole('link');
    expect(await areas.allInnerTexts()).toEqual([
      'Project',
      'Notes',
      'Photos',
      'Invoices',
      'Proposals',
      'Change orders',
      'Selections',
      'Documents',
      'Calendar',
      'Contact',
    ]);
    expect(await header.getByRole('link', { name: 'Invoices' }).getAttribute('aria-current')).toBe('page');
    // Every area on: the account menu still sits on the brand's row, at its right, and the areas on a row below.
    const brand = (await header.getByRole('link').first().boundingBox())!;
    const account = (await header.getByRole('button', { name: /^Account menu/ }).boundingBox())!;
    expect(Math.abs(account.y + account.height / 2 - (brand.y + brand.height / 2))).toBeLessThan(8);
    expect((await areas.first().boundingBox())!.y).toBeGreaterThan(account.y + account.height / 2);
    await header.getByRole('button', { name: /^Account menu/ }).click();
    const menu = page.getByRole('menu');
    // The menu's popup loads when it is first pressed (docs/decisions/078-page-weight.md).
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Account settings', 'Email notifications', 'Signed-in devices', 'Sign out']);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('table', { name: /^Invoices, sorted by/ }).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: /^Invoices, sorted by/ }).count()).toBe(0);
    expect(await page.getByLabel('Sort', { exact: true }).isVisible()).toBe(false);
    await context.close();
  });
});
