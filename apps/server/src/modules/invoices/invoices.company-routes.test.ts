import type {
  IntegrationPaymentRecorded,
  PortalEntity,
  IntegrationInvoiceCreate,
  IntegrationInvoiceDetail,
  IntegrationInvoicePage,
  InvoiceDetail,
  Scope,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { companies, invoiceLines, invoicePayments, invoices } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';
import { toCents } from './money';

/** The company side of invoices (docs/requirements.md 11.5 and 18; docs/decisions/046-company-invoices-and-contact-messages.md). */

const NOW = new Date('2026-11-20T12:00:00Z');
const TODAY = '2026-11-20';

const t = useDemoApp({ mail: true, now: () => NOW });
let acmeKey: string;
let brightsideKey: string;
let kitchen: { entity: number; project: number };
let lakeHouseProject: number;
let numbers = 0;

beforeAll(async () => {
  const keys = apiKeysRepository(t.app.database.db);
  acmeKey = (await keys.create(t.ids.acme.id, 'crm', { scopes: ['invoices:read', 'invoices:write'] })).key;
  brightsideKey = (await keys.create(t.ids.brightside.id, 'crm', { scopes: ['invoices:read', 'invoices:write'] })).key;
  const first = t.ids.caseyEntities[0]!;
  kitchen = { entity: first.id, project: first.model_id };
  lakeHouseProject = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.brightside.id)!.model_id;
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, key = acmeKey) =>
  t.app.inject({ method, url: `/api/integration${url}`, headers: bearer(key), ...(payload === undefined ? {} : { payload: payload as object }) });

const draftBody = (overrides: Partial<IntegrationInvoiceCreate> = {}): IntegrationInvoiceCreate => ({
  project_id: kitchen.project,
  number: `API-${++numbers}`,
  issue_date: '2026-11-10',
  due_date: '2026-12-10',
  lines: [{ description: 'Cabinet hardware', quantity: '2', unit_price: '50.00' }],
  ...overrides,
});

async function createDraft(overrides: Partial<IntegrationInvoiceCreate> = {}): Promise<IntegrationInvoiceDetail> {
  const response = await call('POST', '/invoices', draftBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createSent(overrides: Partial<IntegrationInvoiceCreate> = {}): Promise<IntegrationInvoiceDetail> {
  const draft = await createDraft(overrides);
  const response = await call('POST', `/invoices/${draft.id}/send`, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const pay = (invoiceId: number, payload: Record<string, unknown>) =>
  call('POST', `/invoices/${invoiceId}/payments`, { paid_on: '2026-11-15', method: 'Check', ...payload });

/** The field names of a 422 (or 400). */
const fields = (response: { json(): unknown }) => Object.keys((response.json() as { errors?: Record<string, string[]> }).errors ?? {});

/** What the customer reads on the portal: the invoice, and the project's money on the index page. */
const portalInvoice = (invoiceId: number) =>
  t.app.inject({ method: 'GET', url: `/api/entities/${kitchen.entity}/invoices/${invoiceId}`, headers: bearer(t.casey) });
async function projectMoney(): Promise<{ total: string | null; balance: string | null }> {
  const response = await t.app.inject({ method: 'GET', url: `/api/entities/${kitchen.entity}?include=model`, headers: bearer(t.casey) });
  expect(response.statusCode).toBe(200);
  const model = (response.json() as PortalEntity).model!;
  return { total: model.financials_total_amount, balance: model.financials_balance_amount };
}
const cents = (amount: string | null) => (amount === null ? 0 : toCents(amount));

describe('creating a draft', () => {
  it('computes every amount in cents, 0.10 + 0.20 is 0.30, rounds half away from zero, and shows the customer nothing', async () => {
    const draft = await createDraft({
      tax_rate: '8.25',
      notes: 'Thanks!',
      lines: [
        { description: 'Ten cents', quantity: '1', unit_price: '0.10' },
        { description: 'Twenty cents', quantity: '1', unit_price: '0.20' },
        { description: 'An eighth of a dime', quantity: '0.125', unit_price: '0.10' },
        { description: 'Half a cent up', quantity: '1.5', unit_price: '0.03' },
      ],
    });
    expect(draft).toMatchObject({
      project_id: kitchen.project,
      status: 'draft',
      currency: 'USD',
      tax_rate: '8.25',
      notes: 'Thanks!',
      terms: null,
      subtotal: '0.36',
      tax: '0.03',
      total: '0.39',
      amount_paid: '0.00',
      balance: '0.39',
      payments: [],
    });
    expect(draft.lines.map((line) => [line.quantity, line.unit_price, line.amount])).toEqual([
      ['1', '0.10', '0.10'],
      ['1', '0.20', '0.20'],
      ['0.125', '0.10', '0.01'],
      ['1.5', '0.03', '0.05'],
    ]);
    expect((await portalInvoice(draft.id)).statusCode).toBe(404);
    expect((await call('GET', `/invoices/${draft.id}`)).json()).toEqual(draft);
  });

  it('holds the largest amount the books keep, to the cent, and refuses one cent more naming the field', async () => {
    const largest = await createDraft({ lines: [{ description: 'Skyscraper', quantity: '1', unit_price: '999999999999.99' }] });
    expect(largest).toMatchObject({ subtotal: '999999999999.99', total: '999999999999.99', balance: '999999999999.99' });

    const twice = await call('POST', '/invoices', draftBody({ lines: [{ description: 'Two', quantity: '2', unit_price: '999999999999.99' }] }));
    expect(twice.statusCode).toBe(422);
    expect(fields(twice)).toEqual(['lines.0.amount']);

    const halves = await call(
      'POST',
      '/invoices',
      draftBody({ lines: [0, 1].map(() => ({ description: 'Half', quantity: '1', unit_price: '500000000000.00' })) }),
    );
    expect(halves.statusCode).toBe(422);
    expect(fields(halves)).toEqual(['total']);

    const taxed = await call('POST', '/invoices', draftBody({ tax_rate: '1', lines: [{ description: 'x', quantity: '1', unit_price: '999999999999.99' }] }));
    expect(taxed.statusCode).toBe(422);
    expect(fields(taxed)).toEqual(['total']);
  });

  it("checks the CRM's own figures against the portal's, naming each one that does not add up", async () => {
    const body = draftBody({
      tax_rate: '10',
      lines: [{ description: 'A', quantity: '3', unit_price: '0.10', amount: '0.30' }],
      subtotal: '0.30',
      tax: '0.03',
      total: '0.33',
    });
    expect((await call('POST', '/invoices', body)).statusCode).toBe(201);

    const wrongLine = await call('POST', '/invoices', { ...draftBody(), lines: [{ description: 'A', quantity: '3', unit_price: '0.10', amount: '0.31' }] });
    expect(wrongLine.statusCode).toBe(422);
    expect(wrongLine.json()).toMatchObject({ errors: { 'lines.0.amount': ['The amount must be quantity × unit price rounded to the cent: 0.30.'] } });

    const wrongTotals = await call('POST', '/invoices', { ...draftBody({ tax_rate: '10' }), subtotal: '100.00', tax: '10.01', total: '110.01' });
    expect(wrongTotals.statusCode).toBe(422);
    expect(fields(wrongTotals).sort()).toEqual(['tax', 'total']);
  });

  it('refuses bad input with 422 naming the field, and writes nothing', async () => {
    const before = await t.app.database.db.select({ id: invoices.id }).from(invoices);
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: 'EUR' }, 'currency'],
      [{ issue_date: '2026-02-30' }, 'issue_date'],
      [{ due_date: '2026-11-01' }, 'due_date'],
      [{ number: '' }, 'number'],
      [{ tax_rate: '100.5' }, 'tax_rate'],
      [{ project_id: lakeHouseProject }, 'project_id'],
      [{ lines: [{ description: 'Float', quantity: 1.5, unit_price: '1.00' }] }, 'lines.0.quantity'],
      [{ lines: [{ description: 'Float', quantity: '1', unit_price: 0.1 }] }, 'lines.0.unit_price'],
      [{ lines: [{ description: 'Mills', quantity: '1', unit_price: '1.005' }] }, 'lines.0.unit_price'],
      [{ lines: [{ description: 'None', quantity: '0', unit_price: '1.00' }] }, 'lines.0.quantity'],
      [{ lines: [{ description: '', quantity: '1', unit_price: '1.00' }] }, 'lines.0.description'],
      [{ lines: [{ description: 'Credit', quantity: '1', unit_price: '-5.00' }] }, 'lines'],
    ];
    for (const [change, field] of cases) {
      const response = await call('POST', '/invoices', { ...draftBody(), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(fields(response), JSON.stringify(change)).toEqual([field]);
    }
    const unknown = await call('POST', '/invoices', { ...draftBody(), tax_amount: '5.00' });
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json())).toContain('tax_amount');

    const taken = await createDraft();
    const duplicate = await call('POST', '/invoices', draftBody({ number: taken.number }));
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toMatchObject({ errors: { number: [`The number ${taken.number} is already used by another invoice of the company.`] } });

    const after = await t.app.database.db.select({ id: invoices.id }).from(invoices);
    expect(after.length).toBe(before.length + 1);
  });

  it('gives a number to one of two drafts sent at once with it, and 422 naming the number to the other', async () => {
    const body = draftBody();
    const answers = await Promise.all([call('POST', '/invoices', body), call('POST', '/invoices', body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(answers.map(fields).flat()).toEqual(['number']);
  });

  it('allows a discount line as long as the invoice does not go below zero', async () => {
    const draft = await createDraft({
      lines: [
        { description: 'Work', quantity: '1', unit_price: '100.00' },
        { description: 'Discount', quantity: '1', unit_price: '-15.50' },
      ],
    });
    expect(draft.total).toBe('84.50');
  });

  it('creates one invoice however often a CRM retries with the same Idempotency-Key', async () => {
    const body = draftBody();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/integration/invoices',
        headers: { ...bearer(acmeKey), 'idempotency-key': `retry-${body.number}` },
        payload: body,
      });
    const [first, second] = [await send(), await send()];
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await t.app.database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, body.number))).toHaveLength(1);
  });
});

describe('changing and deleting a draft', () => {
  it('replaces the lines as a whole and computes the money again', async () => {
    const draft = await createDraft({
      lines: [
        { description: 'Old', quantity: '1', unit_price: '10.00' },
        { description: 'Older', quantity: '1', unit_price: '5.00' },
      ],
    });
    const response = await call('PATCH', `/invoices/${draft.id}`, {
      number: `${draft.number}-B`,
      tax_rate: '5',
      lines: [{ description: 'New', quantity: '4', unit_price: '2.50' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json() as IntegrationInvoiceDetail;
    expect(changed).toMatchObject({ number: `${draft.number}-B`, tax_rate: '5', subtotal: '10.00', tax: '0.50', total: '10.50', status: 'draft' });
    expect(changed.lines.map((line) => line.description)).toEqual(['New']);
    expect(await t.app.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, draft.id))).toHaveLength(1);

    const rateOnly = (await call('PATCH', `/invoices/${draft.id}`, { tax_rate: '0' })).json() as IntegrationInvoiceDetail;
    expect(rateOnly).toMatchObject({ total: '10.00', lines: [{ description: 'New' }] });
  });

  it('refuses a due date before the issue date, taken together with what the draft has', async () => {
    const draft = await createDraft();
    const response = await call('PATCH', `/invoices/${draft.id}`, { issue_date: '2026-12-20' });
    expect(response.statusCode).toBe(422);
    expect(fields(response)).toEqual(['issue_date']);
  });

  it('deletes a draft with its lines', async () => {
    const draft = await createDraft();
    expect((await call('DELETE', `/invoices/${draft.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/invoices/${draft.id}`)).statusCode).toBe(404);
    expect(await t.app.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, draft.id))).toEqual([]);
  });

  it('refuses to change or delete a sent invoice (409) and leaves it as it was', async () => {
    const sent = await createSent();
    const patch = await call('PATCH', `/invoices/${sent.id}`, { lines: [] });
    expect(patch.statusCode).toBe(409);
    expect(patch.json()).toEqual({ message: 'This invoice has been sent and can no longer be changed: void it and issue a new one.' });
    const removal = await call('DELETE', `/invoices/${sent.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toEqual({ message: 'This invoice has been sent and cannot be deleted: void it instead.' });
    expect((await call('GET', `/invoices/${sent.id}`)).json()).toEqual(sent);
  });
});

describe('sending', () => {
  it('shows the invoice to the customer at once and emails each customer of the project once, with its number, amount and link', async () => {
    const draft = await createDraft({ lines: [{ description: 'Countertops', quantity: '1', unit_price: '1234.50' }] });
    const response = await call('POST', `/invoices/${draft.id}/send`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'sent', balance: '1234.50' });
    const seen = await portalInvoice(draft.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ number: draft.number, status: 'sent', total: '1234.50' });

    const subject = `Invoice ${draft.number} for $1,234.50 from Acme Builders`;
    const mail = await t.smtp.waitFor((message) => message.subject === subject);
    expect(mail.to).toEqual([t.ids.casey.email]);
    expect(mail.text).toContain(`http://portal.test/invoices?entity=${kitchen.entity}&invoice=${draft.id}`);
    expect(mail.text).toContain('due December 10, 2026');

    const again = await call('POST', `/invoices/${draft.id}/send`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This invoice has already been sent.' });
    // Another send afterwards: once its mail is in, a second notice of the first would have been too.
    const next = await createSent();
    await t.smtp.waitFor((message) => message.subject.startsWith(`Invoice ${next.number} `));
    expect(t.smtp.messages.filter((message) => message.subject === subject)).toHaveLength(1);
  });

  it('carries the unsubscribe link, and tells nobody who turned invoice emails off, nor anyone while invoicing is switched off', async () => {
    const withLink = await createSent();
    const mail = await t.smtp.waitFor((message) => message.subject.startsWith(`Invoice ${withLink.number} `));
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/portal\.test\/api\/notifications\/unsubscribe\?token=/);

    const off = await t.app.inject({ method: 'PATCH', url: '/api/account/notifications', headers: bearer(t.casey), payload: { invoice: false } });
    expect(off.statusCode).toBe(200);
    const quiet = await createSent();
    await t.app.inject({ method: 'PATCH', url: '/api/account/notifications', headers: bearer(t.casey), payload: { invoice: true } });

    await t.app.database.db.update(companies).set({ is_portal_invoicing_enabled: false }).where(eq(companies.id, t.ids.acme.id));
    let switchedOff: IntegrationInvoiceDetail;
    try {
      switchedOff = await createSent();
    } finally {
      await t.app.database.db.update(companies).set({ is_portal_invoicing_enabled: true }).where(eq(companies.id, t.ids.acme.id));
    }
    // A notice sent afterwards: once it is in, either of the others would have been too.
    const last = await createSent();
    await t.smtp.waitFor((message) => message.subject.startsWith(`Invoice ${last.number} `));
    for (const invoice of [quiet, switchedOff]) {
      expect(t.smtp.messages.filter((message) => message.subject.startsWith(`Invoice ${invoice.number} `))).toEqual([]);
    }
  });

  it('refuses to send a draft without lines', async () => {
    const draft = await createDraft({ lines: [] });
    const response = await call('POST', `/invoices/${draft.id}/send`, {});
    expect(response.statusCode).toBe(422);
    expect(fields(response)).toEqual(['lines']);
    expect((await call('GET', `/invoices/${draft.id}`)).json()).toMatchObject({ status: 'draft' });
  });
});

describe('payments', () => {
  it("moves the invoice's status and balance, the customer's invoices page and the project's balance at once, to the cent", async () => {
    const sent = await createSent({ lines: [{ description: 'Tile', quantity: '1', unit_price: '0.30' }] });
    const before = await projectMoney();

    const first = await pay(sent.id, { amount: '0.10', reference: 'Check 1001' });
    expect(first.statusCode, first.body).toBe(201);
    const recorded = first.json() as IntegrationPaymentRecorded;
    expect(recorded.payment).toMatchObject({ amount: '0.10', paid_on: '2026-11-15', method: 'Check', reference: 'Check 1001' });
    expect(recorded.invoice).toMatchObject({ status: 'partially_paid', amount_paid: '0.10', balance: '0.20' });
    expect((await portalInvoice(sent.id)).json()).toMatchObject({ status: 'partially_paid', balance: '0.20' });
    const during = await projectMoney();
    expect(cents(during.balance)).toBe(cents(before.balance) - 10);

    const second = await pay(sent.id, { amount: '0.20', method: 'ACH' });
    expect((second.json() as IntegrationPaymentRecorded).invoice).toMatchObject({ status: 'paid', amount_paid: '0.30', balance: '0.00' });
    const portal = (await portalInvoice(sent.id)).json() as InvoiceDetail;
    expect(portal).toMatchObject({ status: 'paid', amount_paid: '0.30', balance: '0.00' });
    expect(portal.payments.map((payment) => payment.amount)).toEqual(['0.10', '0.20']);
    expect(cents((await projectMoney()).balance)).toBe(cents(before.balance) - 30);
  });

  it('refuses a payment over the balance, zero, negative, as a number, in another currency or on a bad date, naming the field', async () => {
    const sent = await createSent({ issue_date: '2026-11-10', lines: [{ description: 'x', quantity: '1', unit_price: '100.00' }] });
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '100.01' }, 'amount'],
      [{ amount: '0.00' }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '-5.00' }, 'amount'],
      [{ amount: 5 }, 'amount'],
      [{ amount: '5.001' }, 'amount'],
      [{ amount: '5.00', currency: 'CAD' }, 'currency'],
      [{ amount: '5.00', paid_on: '2026-11-09' }, 'paid_on'],
      [{ amount: '5.00', paid_on: '2026-11-21' }, 'paid_on'],
      [{ amount: '5.00', method: '' }, 'method'],
    ];
    for (const [payload, field] of cases) {
      const response = await pay(sent.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(fields(response), JSON.stringify(payload)).toEqual([field]);
    }
    const over = await pay(sent.id, { amount: '100.01' });
    expect(over.json()).toMatchObject({ errors: { amount: ["The amount may not be more than the invoice's balance of $100.00."] } });
    expect(await t.app.database.db.select().from(invoicePayments).where(eq(invoicePayments.invoice_id, sent.id))).toEqual([]);
    expect((await pay(sent.id, { amount: '100.00', paid_on: TODAY })).statusCode).toBe(201);
  });

  it('never lets two payments at once pay more than the balance', async () => {
    const sent = await createSent({ lines: [{ description: 'x', quantity: '1', unit_price: '100.00' }] });
    const answers = await Promise.all([pay(sent.id, { amount: '60.00' }), pay(sent.id, { amount: '60.00' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect((await call('GET', `/invoices/${sent.id}`)).json()).toMatchObject({ amount_paid: '60.00', balance: '40.00', status: 'partially_paid' });
  });

  it('takes no payment on a draft or a void invoice (409)', async () => {
    const draft = await createDraft();
    expect((await pay(draft.id, { amount: '1.00' })).json()).toEqual({ message: 'This invoice is a draft: send it before recording a payment.' });
    const sent = await createSent();
    expect((await call('POST', `/invoices/${sent.id}/void`, {})).statusCode).toBe(200);
    const onVoid = await pay(sent.id, { amount: '1.00' });
    expect(onVoid.statusCode).toBe(409);
    expect(onVoid.json()).toEqual({ message: 'This invoice is void and takes no payments.' });
  });

  it('deletes a payment recorded by mistake: the invoice owes it again', async () => {
    const sent = await createSent({ lines: [{ description: 'x', quantity: '1', unit_price: '40.00' }] });
    const { payment } = (await pay(sent.id, { amount: '40.00' })).json() as IntegrationPaymentRecorded;
    const other = await createSent();
    expect((await call('DELETE', `/invoices/${other.id}/payments/${payment.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/invoices/${sent.id}/payments/${payment.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/invoices/${sent.id}`)).json()).toMatchObject({ status: 'sent', amount_paid: '0.00', balance: '40.00', payments: [] });
    expect((await call('DELETE', `/invoices/${sent.id}/payments/${payment.id}`)).statusCode).toBe(404);
  });
});

describe('voiding', () => {
  it('leaves the balance of the project (decision 035), and the customer sees it void', async () => {
    const sent = await createSent({ lines: [{ description: 'Permit', quantity: '1', unit_price: '250.00' }] });
    const before = await projectMoney();
    const response = await call('POST', `/invoices/${sent.id}/void`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'void', balance: '0.00', total: '250.00' });
    expect((await portalInvoice(sent.id)).json()).toMatchObject({ status: 'void', balance: '0.00' });
    const after = await projectMoney();
    expect(cents(after.balance)).toBe(cents(before.balance) - 25_000);
    expect(cents(after.total)).toBe(cents(before.total) - 25_000);
    expect((await call('POST', `/invoices/${sent.id}/void`, {})).json()).toEqual({ message: 'This invoice is already void.' });
    expect((await call('PATCH', `/invoices/${sent.id}`, { notes: 'x' })).json()).toEqual({ message: 'This invoice is void and can no longer be changed.' });
  });

  it('refuses to void a paid or partly paid invoice with a clear 409, and a draft', async () => {
    const partly = await createSent({ lines: [{ description: 'x', quantity: '1', unit_price: '10.00' }] });
    await pay(partly.id, { amount: '4.00' });
    const paid = await createSent({ lines: [{ description: 'x', quantity: '1', unit_price: '10.00' }] });
    await pay(paid.id, { amount: '10.00' });
    for (const invoice of [partly, paid]) {
      const response = await call('POST', `/invoices/${invoice.id}/void`, {});
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'An invoice with payments cannot be voided: delete its payments first, or issue a credit on a new invoice.',
      });
    }
    expect((await call('GET', `/invoices/${paid.id}`)).json()).toMatchObject({ status: 'paid' });
    const draft = await createDraft();
    expect((await call('POST', `/invoices/${draft.id}/void`, {})).json()).toEqual({ message: 'A draft is deleted, not voided.' });
  });
});

describe('the list', () => {
  it("pages through the company's invoices by id, drafts included, as the portal's paginator does", async () => {
    const response = await call('GET', '/invoices?page[size]=2&page[number]=2');
    expect(response.statusCode).toBe(200);
    const page = response.json() as IntegrationInvoicePage;
    const all = await t.app.database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.company_id, t.ids.acme.id)).orderBy(invoices.id);
    expect(page).toMatchObject({ current_page: 2, per_page: 2, total: all.length, from: 3, to: 4 });
    expect(page.data.map((invoice) => invoice.id)).toEqual(all.slice(2, 4).map((row) => row.id));
    expect(page.next_page_url).toBe('http://portal.test/api/integration/invoices?page%5Bsize%5D=2&page%5Bnumber%5D=3');
  });

  it('filters by project, by status (draft and the derived ones) and by updated_since, and sorts', async () => {
    const drafts = (await call('GET', `/invoices?filter[project_id]=${kitchen.project}&filter[status]=draft&page[size]=100`)).json() as IntegrationInvoicePage;
    expect(drafts.data.length).toBeGreaterThan(0);
    expect(drafts.data.every((invoice) => invoice.status === 'draft' && invoice.project_id === kitchen.project)).toBe(true);

    const overdue = (await call('GET', '/invoices?filter[status]=overdue,paid&sort=-balance&page[size]=100')).json() as IntegrationInvoicePage;
    expect(new Set(overdue.data.map((invoice) => invoice.status))).toEqual(new Set(['overdue', 'paid']));
    const balances = overdue.data.map((invoice) => cents(invoice.balance));
    expect(balances).toEqual([...balances].sort((a, b) => b - a));

    // Every write of this file happened at NOW; nothing of the seed did.
    const since = NOW.toISOString();
    const fresh = await createDraft();
    const changed = (await call('GET', `/invoices?filter[updated_since]=${since}&page[size]=100`)).json() as IntegrationInvoicePage;
    expect(changed.data.map((invoice) => invoice.id)).toContain(fresh.id);
    expect(changed.data.every((invoice) => Date.parse(invoice.updated_at) >= NOW.getTime())).toBe(true);
    const later = (await call('GET', `/invoices?filter[updated_since]=2026-11-20T12:00:01%2B00:00`)).json() as IntegrationInvoicePage;
    expect(later.data).toEqual([]);
  });

  it("shows each sent invoice with the status and money the customer's page shows, and amount_paid is always the sum of the payments", async () => {
    const portal = await t.app.inject({ method: 'GET', url: `/api/entities/${kitchen.entity}/invoices?page[size]=100`, headers: bearer(t.casey) });
    const company = (await call('GET', `/invoices?filter[project_id]=${kitchen.project}&page[size]=100`)).json() as IntegrationInvoicePage;
    const pick = ({ id, status, total, amount_paid, balance }: { id: number; status: string; total: string; amount_paid: string; balance: string }) => ({
      id,
      status,
      total,
      amount_paid,
      balance,
    });
    const seen = (portal.json() as IntegrationInvoicePage).data.map(pick).sort((a, b) => a.id - b.id);
    expect(seen.length).toBeGreaterThan(20);
    expect(company.data.filter((invoice) => invoice.status !== 'draft').map(pick)).toEqual(seen);

    const rows = await t.app.database.db.select().from(invoices);
    const payments = await t.app.database.db.select().from(invoicePayments);
    for (const row of rows) {
      const paid = payments.filter((payment) => payment.invoice_id === row.id).reduce((sum, payment) => sum + cents(payment.amount), 0);
      expect(cents(row.amount_paid), row.number).toBe(paid);
    }
  });

  it('refuses what it does not know with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['filter[status]=unpaid', 'filter[status]'],
      ['filter[updated_since]=yesterday', 'filter[updated_since]'],
      ['filter[company_id]=1', 'filter[company_id]'],
      ['sort=price', 'sort'],
    ] as const) {
      const response = await call('GET', `/invoices?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(fields(response), query).toEqual([field]);
    }
  });
});

describe('who may do what', () => {
  it('answers 403 naming the scope a key lacks', async () => {
    const keys = apiKeysRepository(t.app.database.db);
    const reader = (await keys.create(t.ids.acme.id, 'reader', { scopes: ['invoices:read'] })).key;
    const other = (await keys.create(t.ids.acme.id, 'notes only', { scopes: ['notes:read', 'notes:write'] satisfies Scope[] })).key;
    expect((await call('GET', '/invoices', undefined, reader)).statusCode).toBe(200);
    const write = await call('POST', '/invoices', draftBody(), reader);
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ message: 'This API key lacks the scope invoices:write.' });
    const read = await call('GET', '/invoices', undefined, other);
    expect(read.json()).toEqual({ message: 'This API key lacks the scope invoices:read.' });
  });

  it("answers 404 on every route for another company's invoice and writes nothing", async () => {
    const draft = await createDraft();
    const sent = await createSent();
    const { payment } = (await pay(sent.id, { amount: '1.00' })).json() as IntegrationPaymentRecorded;
    const snapshot = async () => ({
      rows: await t.app.database.db.select().from(invoices).where(eq(invoices.company_id, t.ids.acme.id)),
      payments: await t.app.database.db.select().from(invoicePayments),
    });
    const before = await snapshot();
    const attempts: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown][] = [
      ['GET', `/invoices/${draft.id}`],
      ['PATCH', `/invoices/${draft.id}`, { notes: 'Mine now' }],
      ['DELETE', `/invoices/${draft.id}`],
      ['POST', `/invoices/${draft.id}/send`, {}],
      ['POST', `/invoices/${sent.id}/payments`, { amount: '1.00', paid_on: TODAY, method: 'Check' }],
      ['DELETE', `/invoices/${sent.id}/payments/${payment.id}`],
      ['POST', `/invoices/${sent.id}/void`, {}],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(method, url, payload, brightsideKey);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
    const listed = (await call('GET', '/invoices?page[size]=100', undefined, brightsideKey)).json() as IntegrationInvoicePage;
    expect(listed.data.map((invoice) => invoice.id)).not.toContain(draft.id);
    expect(await snapshot()).toEqual(before);
  });
});
