import { readFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Invoice, InvoiceDetail, InvoicePage, Statement } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, DEMO, signedInContext } from './support/auth';
import { launchChromium } from './support/chromium';
import { baseURL, expectNoAxeViolations, newPage, settledScreenshot } from './support/page';

/**
 * The invoices area (docs/requirements.md 11.5) in a real browser: the invoices table (sort, filter, pages, state in the URL), one
 * invoice, the statement, and both PDFs read back as text. The server runs on the real clock, so
 * which invoices are overdue is read from the API, never assumed.
 */

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (amount: string) => usd.format(Number(amount));

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

let browser: Browser;
let token: string;
let kitchen: number;
let lakeHouse: number;

async function api<T>(pathname: string): Promise<T> {
  const response = await fetch(`${baseURL()}/api${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
  return (await response.json()) as T;
}
const allInvoices = async (query = '') => (await api<InvoicePage>(`/entities/${kitchen}/invoices?page[size]=100${query}`)).data;

beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(screenshots, { recursive: true });
  token = await apiSignIn(DEMO.customer);
  const entities = await api<{ data: { id: number; model: { name: string | null } | null }[] }>('/entities?include=model');
  kitchen = entities.data.find((entity) => entity.model?.name === 'Kitchen remodel')!.id;
  lakeHouse = entities.data.find((entity) => entity.model?.name === 'Lake house bathroom')!.id;
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(width = 1280) {
  const { context, page, consoleErrors } = await newPage(browser, { width });
  await signedInContext(context);
  return { context, page, consoleErrors };
}

const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const table = (page: Page) => page.getByRole('table', { name: /^Invoices, sorted by/ });
const rowNumbers = (page: Page) => table(page).locator('tbody tr td:first-child').allInnerTexts();
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name });

async function waitForRows(page: Page, numbers: string[]) {
  await expect.poll(() => rowNumbers(page), { timeout: 10_000 }).toEqual(numbers);
}

describe('the invoices table', () => {
  it('shows the first 10 invoices, newest first, with the balance summary, and passes axe', async () => {
    const { context, page, consoleErrors } = await signedIn();
    const invoices = await allInvoices();
    const summary = await api<{ outstanding_balance: string; overdue_balance: string }>(`/entities/${kitchen}/invoices/summary`);
    await page.goto(`/invoices?entity=${kitchen}`);
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await waitForRows(
      page,
      invoices.slice(0, 10).map((invoice) => invoice.number),
    );
    const balances = page.getByRole('region', { name: 'Balance summary' });
    await expect.poll(() => balances.innerText()).toContain(money(summary.outstanding_balance));
    expect(await balances.innerText()).toContain(money(summary.overdue_balance));
    expect(await header(page, 'Issue date').getAttribute('aria-sort')).toBe('descending');
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'invoices-1280.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sorts by each column header, both ways, and keeps the sort in the URL across reload and back', async () => {
    const { context, page } = await signedIn();
    const invoices = await allInvoices();
    await page.goto(`/invoices?entity=${kitchen}`);
    await waitForRows(
      page,
      invoices.slice(0, 10).map((invoice) => invoice.number),
    );

    const byBalance = [...invoices].sort((a, b) => Number(a.balance) - Number(b.balance) || a.id - b.id);
    await header(page, 'Balance').getByRole('button').click();
    await waitForRows(
      page,
      byBalance.slice(0, 10).map((invoice) => invoice.number),
    );
    expect(search(page).sort).toBe('balance');
    expect(await header(page, 'Balance').getAttribute('aria-sort')).toBe('ascending');
    expect(await header(page, 'Issue date').getAttribute('aria-sort')).toBe('none');

    await header(page, 'Balance').getByRole('button').click();
    // Ties (every paid invoice owes 0.00) break on id in the same direction.
    const byBalanceDesc = [...invoices].sort((a, b) => Number(b.balance) - Number(a.balance) || b.id - a.id);
    await waitForRows(
      page,
      byBalanceDesc.slice(0, 10).map((invoice) => invoice.number),
    );
    expect(search(page).sort).toBe('-balance');
    expect(await header(page, 'Balance').getAttribute('aria-sort')).toBe('descending');

    await header(page, 'Number').getByRole('button').click();
    await waitForRows(
      page,
      Array.from({ length: 10 }, (_, index) => `INV-${1001 + index}`),
    );
    await page.reload();
    await waitForRows(
      page,
      Array.from({ length: 10 }, (_, index) => `INV-${1001 + index}`),
    );
    expect(await header(page, 'Number').getAttribute('aria-sort')).toBe('ascending');
    await page.goBack();
    await waitForRows(
      page,
      byBalanceDesc.slice(0, 10).map((invoice) => invoice.number),
    );

    for (const [label, field] of [
      ['Status', 'status'],
      ['Due date', 'due_date'],
      ['Total', 'total'],
    ] as const) {
      await header(page, label).getByRole('button').click();
      const expected = (await allInvoices(`&sort=${field}`)).slice(0, 10).map((invoice) => invoice.number);
      await waitForRows(page, expected);
      expect(search(page).sort).toBe(field);
    }
    await context.close();
  });

  it('filters by status and pages through the filtered list', async () => {
    const { context, page } = await signedIn();
    const paid = await allInvoices('&filter[status]=paid');
    expect(paid.length).toBeGreaterThan(10);
    await page.goto(`/invoices?entity=${kitchen}`);
    await table(page).locator('tbody tr').first().waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Paid' });
    await waitForRows(
      page,
      paid.slice(0, 10).map((invoice) => invoice.number),
    );
    expect(search(page).status).toBe('paid');
    const statuses = await table(page).locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(new Set(statuses)).toEqual(new Set(['Paid']));
    await page.getByRole('button', { name: 'Page 2' }).click();
    await waitForRows(
      page,
      paid.slice(10, 20).map((invoice) => invoice.number),
    );
    expect(search(page)).toMatchObject({ status: 'paid', page: '2' });
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
    await waitForRows(
      page,
      (await allInvoices()).slice(0, 10).map((invoice) => invoice.number),
    );
    expect(search(page).page).toBeUndefined();
    await context.close();
  });

  it('pages with the page buttons, previous and next, and the page-size select', async () => {
    const { context, page } = await signedIn();
    const invoices = await allInvoices();
    expect(invoices.length).toBe(26);
    await page.goto(`/invoices?entity=${kitchen}`);
    await waitForRows(
      page,
      invoices.slice(0, 10).map((invoice) => invoice.number),
    );
    const pages = page.getByRole('navigation', { name: 'Invoice pages' });
    expect(await pages.getByRole('button', { name: /^Page \d+$/ }).allInnerTexts()).toEqual(['1', '2', '3']);

    await page.getByRole('button', { name: 'Next page' }).click();
    await waitForRows(
      page,
      invoices.slice(10, 20).map((invoice) => invoice.number),
    );
    await page.getByRole('button', { name: 'Page 3' }).click();
    await waitForRows(
      page,
      invoices.slice(20).map((invoice) => invoice.number),
    );
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    expect(await page.getByText('21-26 of 26').count()).toBe(1);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await waitForRows(
      page,
      invoices.slice(10, 20).map((invoice) => invoice.number),
    );
    await page.goBack();
    await waitForRows(
      page,
      invoices.slice(20).map((invoice) => invoice.number),
    );

    const sizes = await page.getByLabel('Rows per page').locator('option').allInnerTexts();
    expect(sizes).toEqual(['10', '15', '20', '25', '30', '50', '100']);
    await page.getByLabel('Rows per page').selectOption('25');
    await waitForRows(
      page,
      invoices.slice(0, 25).map((invoice) => invoice.number),
    );
    expect(search(page)).toMatchObject({ size: '25' });
    expect(search(page).page).toBeUndefined();
    await context.close();
  });

  it('moves a link to a page past the end to the last page, and a link full of unknown values to the defaults', async () => {
    const { context, page, consoleErrors } = await signedIn();
    const invoices = await allInvoices();
    await page.goto(`/invoices?entity=${kitchen}&page=9`);
    await waitForRows(
      page,
      invoices.slice(20).map((invoice) => invoice.number),
    );
    expect(search(page).page).toBe('3');
    await page.goto(`/invoices?entity=${kitchen}&sort=colour&page=abc&size=7&status=draft`);
    await waitForRows(
      page,
      invoices.slice(0, 10).map((invoice) => invoice.number),
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says so when the company has invoicing switched off', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/invoices?entity=${lakeHouse}`);
    await page.getByRole('heading', { name: 'Invoices are not available' }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('one invoice', () => {
  it('opens from the table with its lines, totals, payments and terms, downloads as a PDF with the same amounts, and goes back to the same page', async () => {
    const { context, page, consoleErrors } = await signedIn();
    const listed = (await allInvoices('&sort=number')).find((invoice: Invoice) => invoice.number === 'INV-1005')!;
    const invoice = await api<InvoiceDetail>(`/entities/${kitchen}/invoices/${listed.id}`);
    await page.goto(`/invoices?entity=${kitchen}&sort=number`);
    await page.getByRole('link', { name: 'INV-1005' }).click();
    await page.getByRole('heading', { name: /Invoice INV-1005/ }).waitFor();
    expect(search(page)).toMatchObject({ invoice: String(listed.id), sort: 'number' });

    const lines = page.getByRole('table', { name: 'Line items' });
    expect(await lines.locator('tbody tr').count()).toBe(invoice.lines.length);
    expect(await lines.innerText()).toContain(money(invoice.lines[0]!.amount));
    const totals = page.getByRole('definition').filter({ hasText: money(invoice.total) });
    expect(await totals.count()).toBeGreaterThan(0);
    const payments = page.getByRole('table', { name: 'Payments' });
    expect(await payments.locator('tbody tr').count()).toBe(invoice.payments.length);
    expect(await page.getByRole('heading', { name: 'Terms' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'invoice-1280.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('invoice-INV-1005.pdf');
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain('Acme Builders');
    expect(text).toContain('Invoice number INV-1005');
    for (const line of invoice.lines) expect(text).toContain(`${line.description} ${line.quantity} ${money(line.unit_price)} ${money(line.amount)}`);
    expect(text).toContain(`Total ${money(invoice.total)}`);
    expect(text).toContain(`Amount paid ${money(invoice.amount_paid)} Balance due ${money(invoice.balance)}`);
    for (const payment of invoice.payments) expect(text).toContain(`${payment.method} ${payment.reference} ${money(payment.amount)}`);
    await page.getByRole('status').filter({ hasText: 'Download started' }).or(page.getByText('Download started')).first().waitFor();

    await page.getByRole('link', { name: 'Back to invoices' }).click();
    await waitForRows(
      page,
      Array.from({ length: 10 }, (_, index) => `INV-${1001 + index}`),
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('answers "not available" for an invoice that is not one of the project\'s', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/invoices?entity=${kitchen}&invoice=999999`);
    await page.getByRole('alert').filter({ hasText: 'This invoice is not available.' }).waitFor();
    await context.close();
  });
});

describe('the statement of account', () => {
  it('lists every invoice and payment with the running balance and aging, and downloads as a PDF with the same figures', async () => {
    const { context, page, consoleErrors } = await signedIn();
    const statement = await api<Statement>(`/entities/${kitchen}/statement`);
    await page.goto(`/invoices?entity=${kitchen}`);
    await page.getByRole('link', { name: 'Statement of account' }).click();
    await page.getByRole('heading', { level: 2, name: 'Statement of account' }).waitFor();
    expect(search(page).view).toBe('statement');
    const activity = page.getByRole('table', { name: /Invoices and payments in date order/ });
    expect(await activity.locator('tbody tr').count()).toBe(statement.entries.length);
    const aging = page
      .getByRole('region', { name: 'Balance by age' })
      .or(page.locator('section', { has: page.getByRole('heading', { name: 'Balance by age' }) }));
    const agingText = await aging.first().innerText();
    for (const amount of Object.values(statement.aging)) expect(agingText).toContain(money(amount));
    expect(agingText).toContain(money(statement.balance));
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'invoices-statement-1280.png'), fullPage: false });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download statement PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`statement-ACM-1042-${statement.as_of}.pdf`);
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain('STATEMENT');
    expect(text).toContain(
      `Current 1-30 days 31-60 days 61-90 days Over 90 days Balance due ${Object.values(statement.aging).map(money).join(' ')} ${money(statement.balance)}`,
    );
    for (const entry of statement.entries) {
      expect(text).toContain(entry.description);
      expect(text).toContain(money(entry.balance));
    }
    expect(text).toContain(
      `Total invoiced ${money(statement.total_invoiced)} Total paid ${money(statement.total_paid)} Balance due ${money(statement.balance)}`,
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
