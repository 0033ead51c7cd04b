import type { IntegrationInvoiceDetail } from '@portal/contract';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, screenshotsWanted, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { acceptStaffInvitation, companyApi, createCompany, staffPage } from './support/staff';

/**
 * A project's invoices in the staff console (docs/staff-console.md): the office drafts an invoice with two lines and
 * tax and watches the total follow, previews its PDF, sends it, records a partial payment and sees the balance and
 * aging move, is refused an overpayment beside the field, voids another; the customer finds the sent invoice in the
 * portal. Another company's owner reads "Page not found".
 *
 * Over 30 s: an invoice's whole life, drafted, sent, paid in parts and voided, with its PDF, on a server of its own.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let key = '';
let ownerToken = '';
let projectId = 0;
let late: IntegrationInvoiceDetail;
let invoiceId = 0;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startServer({ SEED_DEMO: 'false', SMTP_URL: smtp.url });
  browser = await launchChromium();
  const company = await createCompany(server, { name: 'Harbor Roofing', ownerEmail: 'owner@harbor.example', ownerName: 'Hana Harbor', color: '#0f766e' });
  key = company.apiKey;
  ownerToken = await acceptStaffInvitation(server, company.invitation, 'harbor-owner-password');
  await companyApi(server, key, 'PATCH', '/company', { is_portal_invoicing_enabled: true });
  const account = await companyApi<{ id: number }>(server, key, 'POST', '/accounts', { name: 'The Smiths', email: 'ann@smith.example' });
  projectId = (await companyApi<{ id: number }>(server, key, 'POST', '/projects', { name: 'Roof replacement', number: 'HR-1001', account_id: account.id })).id;
  const customer = await companyApi<{ id: number }>(server, key, 'POST', '/portal-users', {
    email: 'ann@smith.example',
    first_name: 'Ann',
    last_name: 'Smith',
  });
  await companyApi(server, key, 'POST', `/projects/${projectId}/shares`, { portal_user_id: customer.id });
  await companyApi(server, key, 'POST', `/portal-users/${customer.id}/invite`);
  // An older invoice, 45 days past due: what the office voids, and what the aging shows as 31-60 days.
  late = await companyApi<IntegrationInvoiceDetail>(server, key, 'POST', '/invoices', {
    project_id: projectId,
    number: 'HR-OLD-1',
    issue_date: daysAgo(75),
    due_date: daysAgo(45),
    lines: [{ description: 'Inspection', quantity: '1', unit_price: '500.00' }],
  });
  await companyApi(server, key, 'POST', `/invoices/${late.id}/send`, {});
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const invoicesUrl = () => `/staff/projects/${projectId}/invoices`;

async function aging(page: Page, bucket: string) {
  return page.locator('dt', { hasText: bucket }).locator('xpath=following-sibling::dd[1]').innerText();
}

/** Toasts fade after a few seconds; a screenshot is of the page under them. */
async function closeToasts(page: Page) {
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  // One at a time: each may also leave on its own while we click.
  while ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

describe("a project's invoices in the staff console", () => {
  it('drafts an invoice with two lines and tax, the total following as the office types', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken);
    await page.goto(invoicesUrl());
    await page.getByRole('heading', { name: 'Project balance' }).waitFor();
    await expect.poll(() => page.getByTestId('project-balance').innerText()).toBe('$500.00');
    expect(await aging(page, '31-60 days')).toBe('$500.00');
    expect(await page.getByRole('link', { name: 'Invoices', exact: true }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('link', { name: 'New invoice' }).click();
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    // A number the company already used: the server's message beside the field, nothing saved.
    await page.getByLabel('Number').fill('HR-OLD-1');
    await page.getByLabel('Line 1 Description').fill('Tear-off and disposal');
    await page.getByLabel('Line 1 Quantity').fill('1');
    await page.getByLabel('Line 1 Unit price').fill('4000.00');
    await expect.poll(() => page.getByTestId('draft-total').innerText()).toBe('$4,000.00');
    await page.getByRole('button', { name: 'Add a line' }).click();
    await page.getByLabel('Line 2 Description').fill('Architectural shingles');
    await page.getByLabel('Line 2 Quantity').fill('20');
    await page.getByLabel('Line 2 Unit price').fill('150');
    await expect.poll(() => page.getByTestId('draft-total').innerText()).toBe('$7,000.00');
    await page.getByLabel('Tax rate (%)').fill('8.25');
    await expect.poll(() => page.getByTestId('draft-total').innerText()).toBe('$7,577.50');
    // A third line added and taken away again changes nothing.
    await page.getByRole('button', { name: 'Add a line' }).click();
    await page.getByLabel('Line 3 Description').fill('Gutter guards');
    await page.getByRole('button', { name: 'Remove line 3' }).click();
    expect(await page.getByLabel('Line 3 Description').count()).toBe(0);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-invoice-new-1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Create the draft' }).click();
    const taken = 'The number HR-OLD-1 is already used by another invoice of the company.';
    await page.getByText(taken).waitFor();
    expect(await page.getByLabel('Number').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Number').getAttribute('aria-describedby')).toContain(await page.getByText(taken).getAttribute('id'));
    expect(await companyApi<{ total: number }>(server, key, 'GET', `/invoices?filter[project_id]=${projectId}`)).toMatchObject({ total: 1 });
    await page.getByLabel('Number').fill('HR-INV-1');
    await page.getByRole('button', { name: 'Create the draft' }).click();
    await page.getByRole('heading', { name: 'Invoice HR-INV-1' }).waitFor();
    invoiceId = Number(/\/invoices\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    expect(await page.getByText('Draft', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByTestId('invoice-balance').innerText()).toBe('$7,577.50');

    // The draft changed: its lines come back into the form, and a note is added.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit invoice HR-INV-1' }).waitFor();
    expect(await page.getByLabel('Line 2 Unit price').inputValue()).toBe('150.00');
    await expect.poll(() => page.getByTestId('draft-total').innerText()).toBe('$7,577.50');
    await page.getByLabel('Line 2 Quantity').fill('21');
    await expect.poll(() => page.getByTestId('draft-total').innerText()).toBe('$7,739.88');
    await page.getByLabel('Line 2 Quantity').fill('20');
    await page.getByRole('textbox', { name: 'Notes (optional)' }).fill('Thank you for choosing Harbor Roofing.');
    await page.getByRole('button', { name: 'Save the draft' }).click();
    await page.getByRole('heading', { name: 'Invoice HR-INV-1' }).waitFor();
    await page.getByText('Thank you for choosing Harbor Roofing.').waitFor();
    expect(await page.getByTestId('invoice-balance').innerText()).toBe('$7,577.50');
    // A draft is not in the balance.
    await page.getByRole('link', { name: '← Invoices' }).click();
    await expect.poll(() => page.getByTestId('project-balance').innerText()).toBe('$500.00');
    // The refused number was a 422, which the browser logs.
    expect(consoleErrors.filter((error) => !error.includes('422'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('previews the PDF, sends after asking, records a partial payment and refuses an overpayment beside the field', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken);
    await page.goto(`${invoicesUrl()}/${invoiceId}`);
    await page.getByRole('heading', { name: 'Invoice HR-INV-1' }).waitFor();

    const [pdf, popup] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(`/api/integration/invoices/${invoiceId}/pdf`)),
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Preview PDF' }).click(),
    ]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    // The PDF opens in a tab of its own, from the fetched copy (the app's content security policy does not stop it).
    await expect.poll(() => popup.url(), { timeout: 15_000 }).toMatch(/^blob:/);
    if (screenshotsWanted) {
      // Chromium's PDF viewer draws the document a moment after the tab has it; a picture of the blank viewer shows nothing.
      await popup.waitForTimeout(2_000);
      await popup.screenshot({ path: path.join(screenshots, 'staff-invoice-pdf-1280.png') });
    }
    await popup.close();

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send invoice HR-INV-1?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send the invoice' }).click();
    await page.getByText('Sent', { exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    const notice = await smtp.waitFor((mail) => mail.to.includes('ann@smith.example') && mail.subject.startsWith('Invoice HR-INV-1 for $7,577.50'), 15_000);
    expect(notice.text).toContain(`invoice=${invoiceId}`);

    await page.getByLabel('Amount').fill('2000.00');
    await page.getByLabel('Reference').fill('1042');
    await page.getByRole('button', { name: 'Record the payment' }).click();
    await expect.poll(() => page.getByTestId('invoice-balance').innerText()).toBe('$5,577.50');
    await page.getByText('Partially paid', { exact: true }).first().waitFor();

    await page.getByLabel('Amount').fill('6000.00');
    await page.getByRole('button', { name: 'Record the payment' }).click();
    const message = "The amount may not be more than the invoice's balance of $5,577.50.";
    await page.getByText(message).waitFor();
    expect(await page.getByLabel('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Amount').getAttribute('aria-describedby')).toContain(await page.getByText(message).getAttribute('id'));
    expect(await page.getByTestId('invoice-balance').innerText()).toBe('$5,577.50');
    await expectNoAxeViolations(page);
    await closeToasts(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-invoice-1280.png'), fullPage: true });

    await page.getByRole('link', { name: '← Invoices' }).click();
    await expect.poll(() => page.getByTestId('project-balance').innerText()).toBe('$6,077.50');
    expect(await aging(page, 'Current')).toBe('$5,577.50');
    expect(await aging(page, '31-60 days')).toBe('$500.00');
    expect(consoleErrors.filter((error) => !error.includes('422'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('voids another invoice after asking, and the balance and aging let it go', async () => {
    const { context, page } = await staffPage(browser, server, ownerToken);
    await page.goto(invoicesUrl());
    await page.getByRole('link', { name: 'HR-OLD-1' }).first().click();
    await page.getByRole('heading', { name: 'Invoice HR-OLD-1' }).waitFor();
    await page.getByText('Overdue', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Void invoice HR-OLD-1?' }).getByRole('button', { name: 'Void the invoice' }).click();
    await page.getByText('Void', { exact: true }).first().waitFor();
    await expect.poll(() => page.getByTestId('invoice-balance').innerText()).toBe('$0.00');
    expect(await page.getByRole('button', { name: 'Void', exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: '← Invoices' }).click();
    await expect.poll(() => page.getByTestId('project-balance').innerText()).toBe('$5,577.50');
    expect(await aging(page, '31-60 days')).toBe('$0.00');
    await expectNoAxeViolations(page);
    await closeToasts(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-invoices-1280.png'), fullPage: true });
    await context.close();
  }, 120_000);

  it('fits a phone: the list, an invoice and the payment form at 375 px', async () => {
    const { context, page } = await staffPage(browser, server, ownerToken, { width: 375, height: 800 });
    await page.goto(invoicesUrl());
    await expect.poll(() => page.getByTestId('project-balance').innerText()).toBe('$5,577.50');
    await page.getByRole('link', { name: 'HR-INV-1' }).first().waitFor();
    await expectNoAxeViolations(page);
    await noHorizontalScroll(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-invoices-375.png'), fullPage: true });

    await page.getByRole('link', { name: 'HR-INV-1' }).first().click();
    await page.getByRole('heading', { name: 'Invoice HR-INV-1' }).waitFor();
    await page.getByRole('heading', { name: 'Record a payment' }).waitFor();
    await expectNoAxeViolations(page);
    await noHorizontalScroll(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-invoice-375.png'), fullPage: true });

    await page.goto(`${invoicesUrl()}/new`);
    await page.getByLabel('Line 1 Description').waitFor();
    await expectNoAxeViolations(page);
    await noHorizontalScroll(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-invoice-new-375.png'), fullPage: true });
    await context.close();
  }, 120_000);

  it('shows the customer the sent invoice in the portal, never the draft', async () => {
    const invitation = await smtp.waitFor(
      (mail) => mail.to.includes('ann@smith.example') && mail.subject === 'Harbor Roofing invites you to your project portal',
    );
    const notice = await smtp.waitFor((mail) => mail.to.includes('ann@smith.example') && mail.subject.startsWith('Invoice HR-INV-1'));
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(/(https?:\/\/\S+\/invitation\?\S+)/.exec(invitation.text ?? '')![1]!);
    await page.getByRole('button', { name: 'Open my portal' }).click();
    await page.getByRole('heading', { name: 'Welcome, Ann' }).waitFor();
    await page.goto(/(https?:\/\/\S+\/invoices\?\S+)/.exec(notice.text ?? '')![1]!);
    await page.getByText('HR-INV-1').first().waitFor();
    await page.getByText('$5,577.50').first().waitFor();
    await context.close();
  }, 120_000);

  it("reads Page not found for another company's project and invoice", async () => {
    const other = await createCompany(server, { name: 'Cedar Builders', ownerEmail: 'owner@cedar.example' });
    const token = await acceptStaffInvitation(server, other.invitation, 'cedar-owner-password');
    const own = await companyApi<{ id: number }>(server, other.apiKey, 'POST', '/projects', { name: 'Deck' });
    const { context, page } = await staffPage(browser, server, token);
    await page.goto(invoicesUrl());
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByText('HR-INV-1').count()).toBe(0);
    await page.goto(`/staff/projects/${own.id}/invoices/${invoiceId}`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByText('HR-INV-1').count()).toBe(0);
    await context.close();
  }, 120_000);
});
