import type { IntegrationProposalDetail } from '@portal/contract';
import { SELECTION_MESSAGES } from '@portal/contract/selection-constants';
import { createHash, createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../apps/server/test/smtp-server';
import { storeToken } from './support/auth';
import { launchChromium } from './support/chromium';
import { expectNoAxeViolations, settledScreenshot } from './support/page';
import { startServer, type RunningServer } from './support/server';
import { acceptStaffInvitation, companyApi, createCompany, invitedCustomer, staffPage } from './support/staff';

/**
 * Proposals end to end (docs/staff-console.md, "Proposals"): the office drafts a proposal with one optional item in the
 * console and sends it; the customer, on a phone, ticks the option (the total follows) and signs with a typed name;
 * both sides download the signed PDF, the same bytes, whose SHA-256 is the one in the evidence; the company's
 * endpoint hears `proposal.accepted`, signed. A new version supersedes the old, a withdrawn one says so; with the area
 * switched off the portal shows no link and the API answers 404; another company reads "Page not found".
 *
 * Change orders follow on the same project, on the contract the proposal made, then selections against an allowance
 * (described below).
 *
 * Over 30 s: one journey from a draft through a signature to its PDF and webhook, on a server of its own.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshots = path.join(root, 'docs/screenshots');

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;
let receiver: Server;
const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];
let hookSecret = '';
let key = '';
let ownerToken = '';
let customerToken = '';
let projectId = 0;
let entity = 0;
let proposalId = 0;
let portalPdf: Buffer;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // The company's receiver is http:// on the loopback: allowed only where the operator says so.
  server = await startServer({ SEED_DEMO: 'false', SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  browser = await launchChromium();
  // The company's own system, listening for the portal's webhooks.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hooks.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

  const company = await createCompany(server, { name: 'Harbor Roofing', ownerEmail: 'owner@harbor.example', ownerName: 'Hana Harbor', color: '#0f766e' });
  key = company.apiKey;
  ownerToken = await acceptStaffInvitation(server, company.invitation, 'harbor-owner-password');
  await companyApi(server, key, 'PATCH', '/company', { is_portal_proposals_enabled: true });
  hookSecret = (
    await companyApi<{ secret: string }>(server, key, 'POST', '/webhooks', {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-events`,
      event_types: ['proposal.accepted'],
    })
  ).secret;
  const account = await companyApi<{ id: number }>(server, key, 'POST', '/accounts', { name: 'The Smiths', email: 'ann@smith.example' });
  projectId = (await companyApi<{ id: number }>(server, key, 'POST', '/projects', { name: 'Roof replacement', number: 'HR-1001', account_id: account.id })).id;
  ({ token: customerToken, entityId: entity } = await invitedCustomer(server, smtp, key, projectId));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await server?.stop();
  await smtp?.close();
});

/** A page signed in to the portal as the customer. */
async function customerPage(width: number) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 860 } });
  await storeToken(context, customerToken);
  const page = await context.newPage();
  return { context, page };
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** Toasts fade after a few seconds; a screenshot is of the page under them. */
async function closeToasts(page: Page) {
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('proposals with signatures', () => {
  it('drafts a proposal with an optional item in the console, the totals following, and sends it after asking', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken);
    await page.goto(`/staff/projects/${projectId}/proposals`);
    await page.getByRole('heading', { name: 'No proposals yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Proposals', exact: true }).getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'New proposal' }).click();
    await page.getByRole('heading', { name: 'New proposal' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Roof replacement proposal');
    await page.getByLabel('Expiry date').fill(inDays(30));
    await page.getByRole('textbox', { name: 'Intro (optional)' }).fill('Thank you for the visit. Here is what we propose for your roof.');
    await page.getByLabel('Section 1 Section title').fill('Roof');
    await page.getByLabel('Section 1 item 1 Description').fill('Tear-off and disposal');
    await page.getByLabel('Section 1 item 1 Unit price ($)').fill('4000');
    await page.getByRole('button', { name: 'Add an item to section 1' }).click();
    await page.getByLabel('Section 1 item 2 Description').fill('Architectural shingles');
    await page.getByLabel('Section 1 item 2 Quantity').fill('20');
    await page.getByLabel('Section 1 item 2 Unit price ($)').fill('150');
    await page.getByRole('button', { name: 'Add a section' }).click();
    await page.getByLabel('Section 2 Section title').fill('Options');
    await page.getByLabel('Section 2 item 1 Description').fill('Gutter guards');
    await page.getByLabel('Section 2 item 1 Unit price ($)').fill('850');
    await page.getByLabel('Section 2 item 1 Optional').check();
    await page.getByLabel('Tax rate (%)').fill('8.25');
    await expect.poll(() => page.getByTestId('draft-total').innerText()).toBe('$7,577.50');
    expect(await page.getByTestId('draft-total-with-options').innerText()).toBe('$8,497.63');
    await page.getByRole('textbox', { name: 'Terms (optional)' }).fill('50% deposit on acceptance, the rest on completion.');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Create the draft' }).click();
    await page.getByRole('heading', { name: 'Proposal P-1001' }).waitFor();
    proposalId = Number(/\/proposals\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    // The draft comes back into the editor as saved.
    expect(await page.getByLabel('Section 2 item 1 Optional').isChecked()).toBe(true);
    expect(await page.getByLabel('Section 1 item 2 Unit price ($)').inputValue()).toBe('150.00');

    await page.getByRole('button', { name: 'Save and send…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send P-1001?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send the proposal' }).click();
    await page.getByText('Sent', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Save and send…' }).count()).toBe(0);
    await page.getByText('A sent proposal can no longer be changed').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it('lets the customer on a phone tick the option, watch the total follow, sign with a typed name and download the signed PDF', async () => {
    const { context, page } = await customerPage(375);
    await page.goto(`/proposals?entity=${entity}`);
    await page.getByRole('link', { name: 'Roof replacement proposal' }).waitFor();
    await expectNoAxeViolations(page);
    await noHorizontalScroll(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'proposals-375.png'), fullPage: true });

    await page.getByRole('link', { name: 'Roof replacement proposal' }).click();
    await page.getByRole('heading', { name: 'Roof replacement proposal' }).waitFor();
    expect(await page.getByTestId('proposal-total').innerText()).toBe('$7,577.50');
    await page.getByRole('checkbox', { name: 'Gutter guards' }).check();
    await expect.poll(() => page.getByTestId('proposal-total').innerText()).toBe('$8,497.63');
    await page.getByRole('checkbox', { name: 'Gutter guards' }).uncheck();
    await expect.poll(() => page.getByTestId('proposal-total').innerText()).toBe('$7,577.50');
    await page.getByRole('checkbox', { name: 'Gutter guards' }).check();

    // Nothing typed: the form says so beside its fields and sends nothing.
    await page.getByRole('button', { name: 'Accept and sign' }).click();
    await page.getByText('Type your full name to sign.').waitFor();
    await page.getByText('Tick the box to agree to sign electronically.').waitFor();
    await page.getByLabel('Full name').fill('Ann Smith');
    await page.getByRole('checkbox', { name: /I agree that typing my name/ }).check();
    await expectNoAxeViolations(page);
    await noHorizontalScroll(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'proposal-detail-375.png'), fullPage: true });

    await page.getByRole('button', { name: 'Accept and sign' }).dblclick();
    await page.getByRole('heading', { name: 'Signed and accepted' }).waitFor();
    await page.getByText('Accepted', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Accept and sign' }).count()).toBe(0);
    const evidence = page.getByRole('region', { name: 'Signed and accepted' });
    await evidence.getByText('ann@smith.example').waitFor();
    await evidence.getByText('$8,497.63').waitFor();
    expect(await evidence.getByText('Gutter guards').count()).toBe(1);
    expect(await evidence.getByText(/UTC$/).count()).toBeGreaterThanOrEqual(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download signed PDF' }).click()]);
    portalPdf = await readFile((await download.path())!);
    expect(portalPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(portalPdf)).toBe(await page.getByTestId('pdf-sha256').innerText());
    await expectNoAxeViolations(page);
    await noHorizontalScroll(page);

    // Exactly one acceptance, for all the double click.
    const detail = await companyApi<IntegrationProposalDetail>(server, key, 'GET', `/proposals/${proposalId}`);
    expect(detail.status).toBe('accepted');
    expect(detail.acceptance).toMatchObject({ signer_name: 'Ann Smith', signer_email: 'ann@smith.example', total: '8497.63' });
    await context.close();
  }, 120_000);

  it('shows the list and the accepted proposal with its evidence at 1280', async () => {
    const { context, page } = await customerPage(1280);
    await page.goto(`/proposals?entity=${entity}`);
    await page.getByRole('link', { name: 'P-1001' }).waitFor();
    await page.getByRole('navigation', { name: 'Portal areas' }).getByRole('link', { name: 'Proposals' }).waitFor();
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'proposals-1280.png'), fullPage: true });
    await page.getByRole('link', { name: 'P-1001' }).click();
    await page.getByRole('heading', { name: 'Signed and accepted' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Gutter guards' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Gutter guards' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'proposal-detail-1280.png'), fullPage: true });
    await context.close();
  }, 120_000);

  it('lets the office download the same signed PDF, and its endpoint hears proposal.accepted, signed', async () => {
    const { context, page } = await staffPage(browser, server, ownerToken);
    await page.goto(`/staff/projects/${projectId}/proposals/${proposalId}`);
    await page.getByRole('heading', { name: 'Signed and accepted' }).waitFor();
    await page.getByText('Ann Smith', { exact: true }).first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download signed PDF' }).click()]);
    const staffPdf = await readFile((await download.path())!);
    expect(staffPdf.equals(portalPdf)).toBe(true);
    expect(sha256(staffPdf)).toBe(await page.getByTestId('pdf-sha256').innerText());
    expect(await page.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await closeToasts(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-proposal-1280.png'), fullPage: true });

    await expect.poll(() => hooks.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const hook = hooks.find((candidate) => JSON.parse(candidate.body).type === 'proposal.accepted')!;
    const signed = createHmac('sha256', Buffer.from(hookSecret.slice('whsec_'.length), 'base64'))
      .update(`${String(hook.headers['webhook-id'])}.${String(hook.headers['webhook-timestamp'])}.${hook.body}`)
      .digest('base64');
    expect(hook.headers['webhook-signature']).toBe(`v1,${signed}`);
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'proposal.accepted' });
    expect(hook.body).toContain(String(proposalId));
    await context.close();
  }, 120_000);

  it('starts a new version of a sent proposal, which supersedes it once sent, and withdraws that one', async () => {
    const sent = await companyApi<IntegrationProposalDetail>(server, key, 'POST', '/proposals', {
      project_id: projectId,
      title: 'Skylight',
      expires_on: inDays(14),
      sections: [{ title: 'Skylight', items: [{ description: 'Skylight over the kitchen', quantity: '1', unit_price: '1200.00' }] }],
    });
    await companyApi(server, key, 'POST', `/proposals/${sent.id}/send`, {});
    const { context, page } = await staffPage(browser, server, ownerToken);
    await page.goto(`/staff/projects/${projectId}/proposals/${sent.id}`);
    await page.getByRole('heading', { name: 'Proposal P-1002' }).waitFor();
    await page.getByRole('button', { name: 'New version' }).click();
    await page.getByRole('heading', { name: 'Proposal P-1002 v2' }).waitFor();
    const revisedId = Number(/\/proposals\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    await page.getByLabel('Section 1 item 1 Unit price ($)').fill('1100');
    await page.getByRole('button', { name: 'Save and send…' }).click();
    await page.getByRole('alertdialog', { name: 'Send P-1002 v2?' }).getByRole('button', { name: 'Send the proposal' }).click();
    await page.getByText('Sent', { exact: true }).first().waitFor();
    expect((await companyApi<IntegrationProposalDetail>(server, key, 'GET', `/proposals/${sent.id}`)).status).toBe('superseded');

    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByRole('alertdialog', { name: 'Withdraw P-1002 v2?' }).getByRole('button', { name: 'Withdraw the proposal' }).click();
    await page.getByText('Withdrawn', { exact: true }).first().waitFor();

    await page.getByRole('link', { name: '← Proposals' }).click();
    await page.getByRole('link', { name: 'P-1002 v2' }).waitFor();
    await expectNoAxeViolations(page);
    await closeToasts(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-proposals-1280.png'), fullPage: true });
    await context.close();

    // The customer reads plainly why neither can be answered any more, with no buttons.
    const customer = await customerPage(375);
    await customer.page.goto(`/proposals?entity=${entity}&proposal=${sent.id}`);
    await customer.page.getByText('The company replaced this proposal with a newer version.', { exact: false }).waitFor();
    expect(await customer.page.getByRole('button', { name: 'Accept and sign' }).count()).toBe(0);
    await customer.page.goto(`/proposals?entity=${entity}`);
    await customer.page.getByRole('link', { name: 'Skylight' }).first().waitFor();
    await customer.page.goto(`/proposals?entity=${entity}&proposal=${revisedId}`);
    await customer.page.getByText('The company withdrew this proposal.', { exact: false }).waitFor();
    expect(await customer.page.getByRole('button', { name: 'Accept and sign' }).count()).toBe(0);
    expect(await customer.page.getByRole('button', { name: 'Decline this proposal…' }).count()).toBe(0);
    await expectNoAxeViolations(customer.page);
    await customer.context.close();
  }, 120_000);

  it('fits a phone in the console: the list and an accepted proposal at 375 px', async () => {
    const { context, page } = await staffPage(browser, server, ownerToken, { width: 375, height: 800 });
    await page.goto(`/staff/projects/${projectId}/proposals`);
    await page.getByRole('link', { name: 'P-1001' }).first().waitFor();
    await expectNoAxeViolations(page);
    await noHorizontalScroll(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'staff-proposals-375.png'), fullPage: true });
    await page.getByRole('link', { name: 'P-1001' }).first().click();
    await page.getByRole('heading', { name: 'Signed and accepted' }).waitFor();
    await expectNoAxeViolations(page);
    await noHorizontalScroll(page);
    await page.goto(`/staff/projects/${projectId}/proposals/new`);
    await page.getByLabel('Section 1 item 1 Description').waitFor();
    await expectNoAxeViolations(page);
    await noHorizontalScroll(page);
    await context.close();
  }, 120_000);

  it('with the area switched off: no link, the area-off message, the portal API answers 404, the console says so', async () => {
    await companyApi(server, key, 'PATCH', '/company', { is_portal_proposals_enabled: false });
    const { context, page } = await customerPage(1280);
    await page.goto(`/?entity=${entity}`);
    await page
      .getByRole('navigation', { name: 'Project areas' })
      .getByRole('link', { name: /Invoices|Notes|Contact/ })
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: /Proposals/ }).count()).toBe(0);
    await page.goto(`/proposals?entity=${entity}`);
    await page.getByRole('heading', { name: 'Proposals are not available' }).waitFor();
    expect(await page.getByText('Roof replacement proposal').count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
    for (const suffix of ['', `/${proposalId}`, `/${proposalId}/pdf`]) {
      const answer = await fetch(`${server.url}/api/entities/${entity}/proposals${suffix}`, { headers: { Authorization: `Bearer ${customerToken}` } });
      expect(answer.status).toBe(404);
    }

    const office = await staffPage(browser, server, ownerToken);
    await office.page.goto(`/staff/projects/${projectId}/proposals`);
    await office.page.getByRole('note').getByText('Proposals are switched off in the portal').waitFor();
    await office.page.getByRole('link', { name: 'P-1001' }).first().waitFor();
    await office.context.close();
    await companyApi(server, key, 'PATCH', '/company', { is_portal_proposals_enabled: true });
  }, 120_000);

  it("reads Page not found for another company's project and proposal", async () => {
    const other = await createCompany(server, { name: 'Cedar Builders', ownerEmail: 'owner@cedar.example' });
    const token = await acceptStaffInvitation(server, other.invitation, 'cedar-owner-password');
    const own = await companyApi<{ id: number }>(server, other.apiKey, 'POST', '/projects', { name: 'Deck' });
    const { context, page } = await staffPage(browser, server, token);
    await page.goto(`/staff/projects/${projectId}/proposals`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto(`/staff/projects/${own.id}/proposals/${proposalId}`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByText('Roof replacement proposal').count()).toBe(0);
    await context.close();
  }, 120_000);
});

/**
 * Change orders on the contract the accepted proposal made (docs/staff-console.md, "Change orders"; docs/decisions/
 * 127-change-orders.md): the office sends one with "invoice on approval" from the console; the customer on a phone
 * approves it with a typed name, twice at once, and one approval stands; the invoice shows on both sides; the revised
 * contract is the same on the project page, the statement and the console; both sides download the same signed PDF,
 * whose SHA-256 is the evidence's.
 */
describe('change orders', () => {
  let changeOrderId = 0;
  let portalChangeOrderPdf: Buffer;
  // 1 × $1,200.00 at 8.25 % tax.
  const CHANGE = '1299.00';

  it('are drafted and sent from the console with "invoice on approval"', async () => {
    await companyApi(server, key, 'PATCH', '/company', { is_portal_change_orders_enabled: true, is_portal_invoicing_enabled: true });
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken);
    await page.goto(`/staff/projects/${projectId}/change-orders`);
    await page.getByRole('link', { name: 'New change order' }).click();
    await page.getByRole('heading', { name: 'New change order' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Skylight over the stairs');
    await page.getByLabel('Schedule days').fill('3');
    await page.getByLabel('Approval deadline').fill(inDays(14));
    await page.getByLabel('Item 1 Description').fill('Skylight, flashing and drywall');
    await page.getByLabel('Item 1 Unit price ($)').fill('1200');
    await page.getByLabel('Tax rate (%)').fill('8.25');
    await page.getByRole('checkbox', { name: /Invoice on approval/ }).check();
    await expect.poll(() => page.getByTestId('draft-total').innerText()).toBe('$1,299.00');
    await page.getByRole('button', { name: 'Create the draft' }).click();
    await page.getByRole('heading', { name: 'Change order CO-1' }).waitFor();
    changeOrderId = Number(/\/change-orders\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    await page.getByRole('button', { name: 'Save and send…' }).click();
    await page.getByRole('alertdialog', { name: 'Send CO-1?' }).getByRole('button', { name: 'Send the change order' }).click();
    await page.getByRole('button', { name: 'Withdraw' }).waitFor();
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it('are approved by the customer on a phone with a typed name, once however often the button is pressed', async () => {
    const { context, page } = await customerPage(375);
    await page.goto(`/change-orders?entity=${entity}`);
    await page.getByRole('link', { name: 'Skylight over the stairs' }).first().click();
    await page.getByRole('heading', { name: 'Skylight over the stairs' }).waitFor();
    await page.getByLabel('Full name').fill('Ann Smith');
    await page.getByRole('checkbox', { name: /I agree that typing my name/ }).check();
    await expectNoAxeViolations(page);
    await noHorizontalScroll(page);
    await settledScreenshot(page, { path: path.join(screenshots, 'change-order-375.png'), fullPage: true });
    // Two answers at once, as a second tab or a retry would send them: one approval stands, the other is refused.
    const approve = () =>
      fetch(`${server.url}/api/entities/${entity}/change-orders/${changeOrderId}/approve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${customerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ signer_name: 'Ann Smith', consent: true }),
      }).then((response) => response.status);
    expect((await Promise.all([approve(), approve()])).sort()).toEqual([200, 409]);
    await page.reload();
    await page.getByRole('heading', { name: 'Signed and approved' }).waitFor();
    expect(await page.getByRole('button', { name: 'Approve and sign' }).count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the signed PDF' }).click()]);
    portalChangeOrderPdf = await readFile((await download.path())!);
    expect(portalChangeOrderPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(portalChangeOrderPdf)).toBe(await page.getByTestId('pdf-sha256').innerText());

    // The invoice made on approval, and the revised contract on the project page and the statement.
    await page.getByRole('link', { name: 'See the invoice for this change order' }).click();
    await page.getByRole('heading', { name: /^Invoice INV-/ }).waitFor();
    const project = await companyApi<{ contract: string; approved_changes: string; revised_contract: string }>(server, key, 'GET', `/projects/${projectId}`);
    expect(project.approved_changes).toBe(CHANGE);
    expect(Number(project.revised_contract)).toBeCloseTo(Number(project.contract) + Number(CHANGE), 2);
    const revised = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(project.revised_contract));
    for (const address of [`/?entity=${entity}`, `/invoices?entity=${entity}&view=statement`]) {
      await page.goto(address);
      await expect.poll(() => page.getByText(revised, { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0);
    }
    await context.close();
  }, 120_000);

  it('show the office the same signed PDF, the invoice and the revised contract', async () => {
    const { context, page } = await staffPage(browser, server, ownerToken);
    await page.goto(`/staff/projects/${projectId}/change-orders/${changeOrderId}`);
    await page.getByRole('heading', { name: 'Signed and approved' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the signed PDF' }).click()]);
    expect((await readFile((await download.path())!)).equals(portalChangeOrderPdf)).toBe(true);
    const project = await companyApi<{ revised_contract: string }>(server, key, 'GET', `/projects/${projectId}`);
    await page.goto(`/staff/projects/${projectId}/invoices`);
    await expect
      .poll(() => page.getByTestId('revised-contract').innerText())
      .toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(project.revised_contract)));
    const changeOrder = await companyApi<{ invoice_id: number }>(server, key, 'GET', `/change-orders/${changeOrderId}`);
    const invoice = await companyApi<{ number: string; total: string }>(server, key, 'GET', `/invoices/${changeOrder.invoice_id}`);
    expect(invoice.total).toBe(CHANGE);
    await page.getByRole('link', { name: invoice.number }).first().waitFor();
    await context.close();
  }, 120_000);
});

/**
 * Selections on the same project: a $400.00 allowance and three faucets. The customer chooses the $650.00 one on a
 * phone with a typed name; the $250.00 difference reaches them as a change order (the company sends those at once);
 * the office locks the selection in the console and another choice is refused.
 */
describe('selections', () => {
  let selectionId = 0;
  const options = [
    { title: 'Brushed nickel pull-down', price: '320.00' },
    { title: 'Matte black pull-down', price: '400.00' },
    { title: 'Touchless with filtered water', price: '650.00' },
  ];

  it('are chosen by the customer on a phone, the difference over the allowance a change order', async () => {
    await companyApi(server, key, 'PATCH', '/company', { is_portal_selections_enabled: true, selection_overage_change_orders: 'send' });
    const allowance = await companyApi<{ id: number }>(server, key, 'POST', '/allowances', { project_id: projectId, name: 'Kitchen faucet', amount: '400.00' });
    selectionId = (
      await companyApi<{ id: number }>(server, key, 'POST', '/selections', {
        project_id: projectId,
        title: 'Kitchen faucet',
        room: 'Kitchen',
        deadline: inDays(14),
        allowance_id: allowance.id,
        options,
      })
    ).id;

    const { context, page } = await customerPage(375);
    await page.goto(`/selections?entity=${entity}`);
    await page.getByRole('link', { name: 'Kitchen faucet' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kitchen faucet' }).waitFor();
    await page.getByRole('radio', { name: 'Choose this option: Touchless with filtered water' }).check();
    await page.getByText('$250.00 over the allowance').first().waitFor();
    await page.getByLabel('Full name').fill('Ann Smith');
    await page.getByRole('checkbox', { name: /I agree that typing my name/ }).check();
    await page.getByRole('button', { name: 'Choose and sign' }).click();
    await page.getByText(/Chosen by you on/).waitFor();
    expect(await page.getByRole('button', { name: 'Change my choice' }).count()).toBe(1);

    await page.goto(`/change-orders?entity=${entity}`);
    const overage = page.getByRole('link', { name: 'Allowance: Kitchen faucet' }).first();
    await overage.click();
    await page.getByRole('heading', { name: 'Allowance: Kitchen faucet' }).waitFor();
    await page.getByText('$250.00').first().waitFor();
    await context.close();
  }, 120_000);

  it('once locked by the office, refuse another choice', async () => {
    const { context, page, consoleErrors } = await staffPage(browser, server, ownerToken);
    await page.goto(`/staff/projects/${projectId}/selections/${selectionId}`);
    await page.getByText('Touchless with filtered water').first().waitFor();
    await page.getByRole('button', { name: 'Lock' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Lock the selection' }).click();
    await page.getByRole('button', { name: 'Unlock' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();

    const customer = await customerPage(375);
    await customer.page.goto(`/selections/${selectionId}?entity=${entity}`);
    await customer.page.getByText(SELECTION_MESSAGES.locked).waitFor();
    expect(await customer.page.getByRole('button', { name: 'Change my choice' }).count()).toBe(0);
    const detail = await (
      await fetch(`${server.url}/api/entities/${entity}/selections/${selectionId}`, { headers: { authorization: `Bearer ${customerToken}` } })
    ).json();
    const cheaper = (detail as { options: { id: number; title: string }[] }).options.find((option) => option.title === options[0]!.title)!;
    const again = await fetch(`${server.url}/api/entities/${entity}/selections/${selectionId}/choose`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ option_id: cheaper.id, signer_name: 'Ann Smith', consent: true }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(SELECTION_MESSAGES.locked);
    await customer.context.close();
  }, 120_000);
});
