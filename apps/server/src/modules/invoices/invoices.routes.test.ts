import {
  ERROR_MESSAGES,
  InvoiceDetailSchema,
  InvoicePageSchema,
  InvoiceSummarySchema,
  PORTAL_INVOICE_STATUSES,
  StatementSchema,
  type Invoice,
  type InvoiceDetail,
  type InvoicePage,
  type Statement,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/suite';
import { accounts, companies, invoices, projects } from '../../db/schema';
import { bearer } from '../../../test/portal-users';
import { derivedStatus } from './aging';
import { formatUsd, taxCents, toCents } from './money';
import { pdfFirstPagePaint, pdfText } from './test-support';

/** A fixed "today", so that overdue and the aging buckets are the same on every run. */
const NOW = new Date('2026-11-20T12:00:00Z');
const TODAY = '2026-11-20';

const t = useDemoApp({ now: () => NOW });
let kitchen: number;
let garage: number;
let lakeHouse: number;
let deck: number;

beforeAll(() => {
  [kitchen, garage, , lakeHouse] = t.ids.caseyEntities.map((entity) => entity.id) as [number, number, number, number];
  deck = t.ids.nicoEntities[0]!.id;
});

/** `text` matched literally inside a RegExp. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const get = (url: string, token = t.casey) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
async function json<T>(url: string, token = t.casey): Promise<T> {
  const response = await get(url, token);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}
const listUrl = (entity: number, query = '') => `/api/entities/${entity}/invoices${query ? `?${query}` : ''}`;
const all = async (entity = kitchen, query = '') => (await json<InvoicePage>(listUrl(entity, `page[size]=100${query ? `&${query}` : ''}`))).data;
async function notFound(url: string, token = t.casey) {
  const response = await get(url, token);
  expect(response.statusCode, url).toBe(404);
  expect(response.json()).toEqual({ message: ERROR_MESSAGES.notFound });
}

describe('GET /api/entities/{entity}/invoices', () => {
  it('answers the first 10 invoices, newest first, in the Laravel page shape', async () => {
    const page = InvoicePageSchema.parse(await json(listUrl(kitchen)));
    expect(page).toMatchObject({ current_page: 1, per_page: 10, total: 26, last_page: 3, from: 1, to: 10, prev_page_url: null });
    expect(page.data.map((invoice) => invoice.number)).toEqual(Array.from({ length: 10 }, (_, index) => `INV-${1026 - index}`));
    expect(page.next_page_url).toBe(`http://portal.test${listUrl(kitchen)}?page%5Bnumber%5D=2`);
  });

  it('pages through every invoice once, and a page past the end is empty', async () => {
    const pages = await Promise.all([1, 2, 3].map((number) => json<InvoicePage>(listUrl(kitchen, `page[number]=${number}`))));
    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 6]);
    expect(new Set(pages.flatMap((page) => page.data.map((invoice) => invoice.id))).size).toBe(26);
    expect(pages[2]!.next_page_url).toBeNull();
    const past = await json<InvoicePage>(listUrl(kitchen, 'page[number]=4'));
    expect(past).toMatchObject({ data: [], from: null, to: null, total: 26, last_page: 3 });
    for (const size of [15, 20, 25, 30, 50, 100])
      expect((await json<InvoicePage>(listUrl(kitchen, `page[size]=${size}`))).data).toHaveLength(Math.min(size, 26));
  });

  it('never lists a draft, and shows every other status', async () => {
    const drafts = await t.database.db.select().from(invoices).where(eq(invoices.state, 'draft'));
    expect(drafts.length).toBeGreaterThan(0);
    const listed = [...(await all(kitchen)), ...(await all(garage)), ...(await all(deck, undefined).catch(() => []))];
    for (const draft of drafts) expect(listed.map((invoice) => invoice.id)).not.toContain(draft.id);
    expect(new Set((await all()).map((invoice) => invoice.status))).toEqual(new Set(PORTAL_INVOICE_STATUSES));
  });

  it('derives each status from the due date, the balance and the payments, as aging.ts does', async () => {
    const rows = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.project_id, (await all())[0]!.project_id));
    const listed = new Map((await all()).map((invoice) => [invoice.id, invoice]));
    for (const row of rows.filter((row) => row.state !== 'draft')) {
      const expected = derivedStatus(
        { state: row.state as 'sent' | 'void', due_date: row.due_date, amountPaidCents: toCents(row.amount_paid), balanceCents: toCents(row.balance) },
        TODAY,
      );
      expect(listed.get(row.id)?.status, row.number).toBe(expected);
    }
  });

  const compare: Record<string, (a: Invoice, b: Invoice) => number> = {
    number: (a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0),
    issue_date: (a, b) => a.issue_date.localeCompare(b.issue_date),
    due_date: (a, b) => a.due_date.localeCompare(b.due_date),
    status: (a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0),
    total: (a, b) => toCents(a.total) - toCents(b.total),
    balance: (a, b) => toCents(a.balance) - toCents(b.balance),
  };

  it.each(Object.keys(compare))('sorts by %s, either way, ties by id in the same direction', async (field) => {
    const invoicesOf = await all();
    for (const direction of [1, -1]) {
      const sorted = await all(kitchen, `sort=${direction < 0 ? '-' : ''}${field}`);
      const expected = [...invoicesOf].sort((a, b) => direction * (compare[field]!(a, b) || a.id - b.id));
      expect(sorted.map((invoice) => invoice.number)).toEqual(expected.map((invoice) => invoice.number));
    }
  });

  it('sorts the status column in the order of its labels: Overdue, Paid, Partially paid, Sent, Void', async () => {
    const statuses = (await all(kitchen, 'sort=status')).map((invoice) => invoice.status);
    expect([...new Set(statuses)]).toEqual(['overdue', 'paid', 'partially_paid', 'sent', 'void']);
  });

  it('filters by status, one or several', async () => {
    const everything = await all();
    for (const status of PORTAL_INVOICE_STATUSES) {
      const filtered = await all(kitchen, `filter[status]=${status}`);
      expect(filtered.length, status).toBe(everything.filter((invoice) => invoice.status === status).length);
      expect(filtered.every((invoice) => invoice.status === status)).toBe(true);
    }
    const some = await all(kitchen, 'filter[status]=overdue,void&sort=number');
    expect(some.map((invoice) => invoice.number)).toEqual(
      everything
        .filter((invoice) => ['overdue', 'void'].includes(invoice.status))
        .map((invoice) => invoice.number)
        .sort(),
    );
    const page = await json<InvoicePage>(listUrl(kitchen, 'filter[status]=paid&page[size]=5&page[number]=2'));
    expect(page.total).toBe(everything.filter((invoice) => invoice.status === 'paid').length);
    expect(page.next_page_url).toContain('filter%5Bstatus%5D=paid');
  });

  it('refuses what it does not know with 400, naming what is allowed', async () => {
    const cases: [string, string][] = [
      ['sort=amount', 'sort'],
      ['sort=-created_at', 'sort'],
      ['filter[number]=INV-1001', 'filter[number]'],
      ['filter[status]=draft', 'filter[status]'],
      ['filter[status]=paid,lost', 'filter[status]'],
      ['page[size]=0', 'page[size]'],
      ['page[size]=101', 'page[size]'],
      ['page[number]=0', 'page[number]'],
      ['include=lines', 'include'],
      ['search=kitchen', 'search'],
    ];
    for (const [query, key] of cases) {
      const response = await get(listUrl(kitchen, query));
      expect(response.statusCode, query).toBe(400);
      const body = response.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message).toBe(ERROR_MESSAGES.invalid);
      expect(Object.keys(body.errors), query).toContain(key);
    }
    expect((await get(listUrl(kitchen, 'filter[status]=draft'))).json().errors['filter[status]'][0]).toMatch(
      /Allowed: sent, partially_paid, paid, overdue, void/,
    );
    expect((await get('/api/entities/abc/invoices')).statusCode).toBe(400);
  });
});

describe('GET /api/entities/{entity}/invoices/summary', () => {
  it('sums the open balance and the overdue part of it', async () => {
    const summary = InvoiceSummarySchema.parse(await json(`/api/entities/${kitchen}/invoices/summary`));
    const everything = await all();
    const open = everything.filter((invoice) => ['sent', 'partially_paid', 'overdue'].includes(invoice.status));
    const overdue = everything.filter((invoice) => invoice.status === 'overdue');
    const sum = (list: Invoice[]) => list.reduce((total, invoice) => total + toCents(invoice.balance), 0);
    expect(summary).toEqual({
      currency: 'USD',
      outstanding_balance: (sum(open) / 100).toFixed(2),
      outstanding_count: open.length,
      overdue_balance: (sum(overdue) / 100).toFixed(2),
      overdue_count: overdue.length,
      // The money trail beside it (its figures: change-orders.routes.test.ts).
      contract: expect.stringMatching(/^-?\d+\.\d{2}$/),
      approved_changes: expect.stringMatching(/^-?\d+\.\d{2}$/),
      revised_contract: expect.stringMatching(/^-?\d+\.\d{2}$/),
      as_of: TODAY,
    });
    expect(overdue.length).toBeGreaterThan(0);
  });
});

describe('GET /api/entities/{entity}/invoices/{invoice}', () => {
  it('answers every invoice with its lines, totals, payments and balance, each correct to the cent', async () => {
    for (const listed of await all()) {
      const invoice = InvoiceDetailSchema.parse(await json(`/api/entities/${kitchen}/invoices/${listed.id}`));
      const cents = (value: string) => toCents(value);
      const subtotal = invoice.lines.reduce((total, line) => total + cents(line.amount), 0);
      expect(cents(invoice.subtotal), invoice.number).toBe(subtotal);
      expect(cents(invoice.tax)).toBe(taxCents(subtotal, invoice.tax_rate));
      expect(cents(invoice.total)).toBe(subtotal + cents(invoice.tax));
      expect(cents(invoice.amount_paid)).toBe(invoice.payments.reduce((total, payment) => total + cents(payment.amount), 0));
      // A void invoice is owed by nobody.
      expect(cents(invoice.balance)).toBe(invoice.status === 'void' ? 0 : cents(invoice.total) - cents(invoice.amount_paid));
      expect({ ...listed }).toEqual(Object.fromEntries(Object.keys(listed).map((key) => [key, invoice[key as keyof InvoiceDetail]])));
    }
  });

  it('carries notes, terms and payments oldest first', async () => {
    const paidInTwo = (await all(kitchen, 'filter[status]=paid&sort=number'))[0]!;
    const invoice = await json<InvoiceDetail>(`/api/entities/${kitchen}/invoices/${paidInTwo.id}`);
    expect(invoice).toMatchObject({ number: 'INV-1001', status: 'paid', balance: '0.00', notes: 'Thank you for your business.' });
    expect(invoice.terms).toMatch(/^Net 30/);
    expect(invoice.payments).toHaveLength(2);
    expect(invoice.payments[0]!.paid_on < invoice.payments[1]!.paid_on).toBe(true);
    expect(invoice.lines[1]).toMatchObject({ description: 'Cabinet installation, hours', quantity: '32.5', unit_price: '87.35', amount: '2838.88' });
  });
});

describe('who reaches which invoice', () => {
  it('a draft answers 404 by id, as PDF, and is not on the statement', async () => {
    const [draft] = await t.database.db.select().from(invoices).where(eq(invoices.number, 'INV-1027'));
    expect(draft!.state).toBe('draft');
    await notFound(`/api/entities/${kitchen}/invoices/${draft!.id}`);
    await notFound(`/api/entities/${kitchen}/invoices/${draft!.id}/pdf`);
    const statement = await json<Statement>(`/api/entities/${kitchen}/statement`);
    expect(statement.entries.map((entry) => entry.invoice_number)).not.toContain('INV-1027');
  });

  it("another user's invoice answers 404, through their entity or one's own, exactly like an id that does not exist", async () => {
    const caseysInvoice = (await all())[0]!;
    const nicosInvoice = (await json<InvoicePage>(listUrl(deck), t.nico)).data[0]!;
    await notFound(`/api/entities/${kitchen}/invoices/${caseysInvoice.id}`, t.nico);
    await notFound(`/api/entities/${deck}/invoices/${caseysInvoice.id}`, t.nico);
    await notFound(`/api/entities/${deck}/invoices/${caseysInvoice.id}/pdf`, t.nico);
    await notFound(`/api/entities/${kitchen}/invoices/${nicosInvoice.id}`);
    await notFound(`/api/entities/${deck}/invoices`);
    await notFound(`/api/entities/${deck}/statement`);
    await notFound(`/api/entities/${kitchen}/invoices/999999`);
  });

  it("an invoice of another of the user's projects answers 404 under this one", async () => {
    const garageInvoice = (await all(garage))[0]!;
    await notFound(`/api/entities/${kitchen}/invoices/${garageInvoice.id}`);
    await notFound(`/api/entities/${kitchen}/invoices/${garageInvoice.id}/pdf`);
    expect((await all()).map((invoice) => invoice.id)).not.toContain(garageInvoice.id);
  });

  it('Brightside has invoicing switched off: every invoice route answers 404, until it is switched on', async () => {
    const [brightsideInvoice] = await t.database.db.select().from(invoices).where(eq(invoices.number, 'BSR-5001'));
    const urls = [
      listUrl(lakeHouse),
      `/api/entities/${lakeHouse}/invoices/summary`,
      `/api/entities/${lakeHouse}/invoices/${brightsideInvoice!.id}`,
      `/api/entities/${lakeHouse}/invoices/${brightsideInvoice!.id}/pdf`,
      `/api/entities/${lakeHouse}/statement`,
      `/api/entities/${lakeHouse}/statement/pdf`,
    ];
    for (const url of urls) await notFound(url);
    const [brightside] = await t.database.db.select().from(companies).where(eq(companies.name, 'Brightside Remodeling'));
    await t.database.db.update(companies).set({ is_portal_invoicing_enabled: true }).where(eq(companies.id, brightside!.id));
    try {
      for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
    } finally {
      await t.database.db.update(companies).set({ is_portal_invoicing_enabled: false }).where(eq(companies.id, brightside!.id));
    }
    await notFound(listUrl(lakeHouse));
  });

  it('answers 401 without a sign-in', async () => {
    const invoice = (await all())[0]!;
    for (const url of [listUrl(kitchen), `/api/entities/${kitchen}/invoices/${invoice.id}/pdf`, `/api/entities/${kitchen}/statement/pdf`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: ERROR_MESSAGES.unauthenticated });
    }
  });
});

describe('GET /api/entities/{entity}/statement', () => {
  it('lists every sent invoice and payment in date order, with a running balance that ends at the open balance', async () => {
    const statement = StatementSchema.parse(await json(`/api/entities/${kitchen}/statement`));
    const dates = statement.entries.map((entry) => entry.date);
    expect(dates).toEqual([...dates].sort());
    let running = 0;
    for (const entry of statement.entries) {
      running += entry.charge ? toCents(entry.charge) : -toCents(entry.payment!);
      expect(toCents(entry.balance)).toBe(running);
    }
    const summary = await json<{ outstanding_balance: string }>(`/api/entities/${kitchen}/invoices/summary`);
    expect(statement.balance).toBe(summary.outstanding_balance);
    const buckets = Object.values(statement.aging).reduce((total, amount) => total + toCents(amount), 0);
    expect(buckets).toBe(toCents(statement.balance));
    const everything = await all();
    const sent = everything.filter((invoice) => invoice.status !== 'void');
    expect(statement.entries.filter((entry) => entry.kind === 'invoice')).toHaveLength(sent.length);
    expect(statement.project).toEqual({ id: everything[0]!.project_id, number: 'ACM-1042', name: 'Kitchen remodel' });
    // Seeded and aged on 20 November 2026: three of the four retainage invoices (60 days) are not due yet, the
    // oldest one is a day late; the other overdue ones span three buckets.
    expect(statement.aging).toEqual({ current: '16799.83', days_1_30: '1031.18', days_31_60: '16000.85', days_61_90: '1114.64', over_90: '12104.02' });
  });
});

describe('the PDFs', () => {
  it("print the invoice with the company's name, every amount to the cent, as an attachment", async () => {
    const listed = (await all(kitchen, 'filter[status]=overdue&sort=number'))[0]!;
    const invoice = await json<InvoiceDetail>(`/api/entities/${kitchen}/invoices/${listed.id}`);
    const response = await get(`/api/entities/${kitchen}/invoices/${listed.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = (await pdfText(response.rawPayload)).join('\n');
    expect(text).toContain('Acme Builders');
    expect(text).toContain(`Invoice number ${invoice.number}`);
    expect(text).toContain('Status Overdue');
    for (const line of invoice.lines)
      expect(text).toContain(`${line.description} ${line.quantity} ${formatUsd(toCents(line.unit_price))} ${formatUsd(toCents(line.amount))}`);
    expect(text).toContain(
      `Subtotal ${formatUsd(toCents(invoice.subtotal))} Tax (8.25%) ${formatUsd(toCents(invoice.tax))} Total ${formatUsd(toCents(invoice.total))}`,
    );
    expect(text).toContain(`Balance due ${formatUsd(toCents(invoice.balance))}`);
    expect(text).toContain('Terms Net 30');
  });

  it('print whom the invoice bills, the company’s address, phone and email, and how to pay', async () => {
    const listed = (await all(kitchen, 'filter[status]=overdue&sort=number'))[0]!;
    const invoice = await json<InvoiceDetail>(`/api/entities/${kitchen}/invoices/${listed.id}`);
    const text = (await pdfText((await get(`/api/entities/${kitchen}/invoices/${listed.id}/pdf`)).rawPayload)).join('\n');
    // The kitchen's account, with its billing address.
    expect(text).toContain('Bill to Casey Morgan 4512 Avenue F Austin, TX 78751');
    // The company's letterhead.
    expect(text).toContain('1200 Congress Ave');
    expect(text).toContain('(512) 555-0134');
    expect(text).toContain('office@acme-builders.example.com');
    const due = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${invoice.due_date}T00:00:00Z`));
    expect(text).toMatch(
      new RegExp(
        `How to pay Pay ${escape(formatUsd(toCents(invoice.balance)))} to Acme Builders, 1200 Congress Ave, .* by ${escape(due)}, quoting invoice ${escape(invoice.number)}\\. ` +
          'Questions about this invoice: \\(512\\) 555-0134 or office@acme-builders\\.example\\.com\\.',
      ),
    );
  });

  it('say a paid invoice is paid, and print no bill-to block for a project without an account', async () => {
    const paid = (await all(kitchen, 'filter[status]=paid'))[0]!;
    const text = (await pdfText((await get(`/api/entities/${kitchen}/invoices/${paid.id}/pdf`)).rawPayload)).join('\n');
    expect(text).toContain('How to pay Paid in full: nothing is due. Thank you.');
    const project = (await t.app.database.db.select().from(invoices).where(eq(invoices.id, paid.id)))[0]!.project_id;
    await t.app.database.db.update(projects).set({ account_id: null }).where(eq(projects.id, project));
    try {
      const without = (await pdfText((await get(`/api/entities/${kitchen}/invoices/${paid.id}/pdf`)).rawPayload)).join('\n');
      expect(without).not.toContain('Bill to');
      expect(without).toContain('How to pay');
    } finally {
      const [account] = await t.app.database.db.select().from(accounts).where(eq(accounts.name, 'Casey Morgan'));
      await t.app.database.db.update(projects).set({ account_id: account!.id }).where(eq(projects.id, project));
    }
  });

  it('embed the logo (the SVG rasterised to PNG) and paint the brand colour', async () => {
    const listed = (await all())[0]!;
    const paint = await pdfFirstPagePaint((await get(`/api/entities/${kitchen}/invoices/${listed.id}/pdf`)).rawPayload);
    expect(paint.images).toBe(1);
    expect(paint.fillColors).toContain('#c2410c');
    // Without a logo, no image.
    await t.app.database.db.update(companies).set({ logo_url: null }).where(eq(companies.id, t.ids.acme.id));
    try {
      expect((await pdfFirstPagePaint((await get(`/api/entities/${kitchen}/invoices/${listed.id}/pdf`)).rawPayload)).images).toBe(0);
    } finally {
      await t.app.database.db.update(companies).set({ logo_url: t.ids.acme.logo_url }).where(eq(companies.id, t.ids.acme.id));
    }
  });

  it('print the statement: aging, every invoice and payment and the balance', async () => {
    const statement = await json<Statement>(`/api/entities/${kitchen}/statement`);
    const response = await get(`/api/entities/${kitchen}/statement/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="statement-ACM-1042-${TODAY}.pdf"`);
    const text = (await pdfText(response.rawPayload)).join('\n');
    expect(text).toContain('STATEMENT');
    expect(text).toContain('Current 1-30 days 31-60 days 61-90 days Over 90 days Balance due $16,799.83 $1,031.18 $16,000.85 $1,114.64 $12,104.02 $47,050.52');
    for (const entry of statement.entries) expect(text).toContain(entry.description);
    expect(text).toContain(
      `Total invoiced ${formatUsd(toCents(statement.total_invoiced))} Total paid ${formatUsd(toCents(statement.total_paid))} Balance due ${formatUsd(toCents(statement.balance))}`,
    );
    expect(text).toMatch(/Page 1 of 2/);
  });
});

describe('the API document', () => {
  it('describes every invoice route with its error answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = (response.json() as { paths: Record<string, { get?: { responses: Record<string, unknown> } }> }).paths;
    for (const path of [
      '/api/entities/{entity}/invoices',
      '/api/entities/{entity}/invoices/summary',
      '/api/entities/{entity}/invoices/{invoice}',
      '/api/entities/{entity}/invoices/{invoice}/pdf',
      '/api/entities/{entity}/statement',
      '/api/entities/{entity}/statement/pdf',
    ]) {
      expect(Object.keys(paths[path]?.get?.responses ?? {}), path).toEqual(['200', '400', '401', '404']);
    }
  });
});
