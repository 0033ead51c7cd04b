import type { IntegrationInvoiceCreate, IntegrationInvoiceDetail, Statement } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { invoices, staff } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';
import { toCents } from './money';

/**
 * What the staff console needs of invoices beyond the CRM's calls (docs/decisions/056-console-invoices.md): an invoice's
 * PDF, drafts included, and a project's statement with its balance and aging, through the company API.
 */

const NOW = new Date('2026-11-20T12:00:00Z');

const t = useDemoApp({ now: () => NOW });
let key: string;
let readOnlyNotes: string;
let staffSession: string;
let kitchen: { entity: number; project: number };
let lakeHouseProject: number;
let numbers = 0;

beforeAll(async () => {
  const keys = apiKeysRepository(t.app.database.db);
  key = (await keys.create(t.ids.acme.id, 'crm', { scopes: ['invoices:read', 'invoices:write'] })).key;
  readOnlyNotes = (await keys.create(t.ids.acme.id, 'notes', { scopes: ['notes:read'] })).key;
  const [member] = await t.app.database.db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.company_id, t.ids.acme.id), eq(staff.role, 'staff'), isNull(staff.deactivated_at)))
    .limit(1);
  staffSession = (await t.app.staffSessions.create(member!.id, { now: NOW })).token;
  const first = t.ids.caseyEntities[0]!;
  kitchen = { entity: first.id, project: first.model_id };
  lakeHouseProject = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.brightside.id)!.model_id;
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, credential = key) =>
  t.app.inject({ method, url: `/api/integration${url}`, headers: bearer(credential), ...(payload === undefined ? {} : { payload: payload as object }) });

async function create(overrides: Partial<IntegrationInvoiceCreate> = {}): Promise<IntegrationInvoiceDetail> {
  const response = await call('POST', '/invoices', {
    project_id: kitchen.project,
    number: `CONSOLE-${++numbers}`,
    issue_date: '2026-11-10',
    due_date: '2026-12-10',
    tax_rate: '8.25',
    lines: [
      { description: 'Cabinet hardware', quantity: '2', unit_price: '50.00' },
      { description: 'Install', quantity: '1.5', unit_price: '80.00' },
    ],
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function send(id: number) {
  const response = await call('POST', `/invoices/${id}/send`, {});
  expect(response.statusCode, response.body).toBe(200);
}

const statement = async (credential = key): Promise<Statement> => {
  const response = await call('GET', `/projects/${kitchen.project}/statement`, undefined, credential);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const cents = (amount: string) => toCents(amount);

describe("an invoice's PDF", () => {
  it('renders a draft as a draft invoice, inline, never cached, and does not count as the customer viewing it', async () => {
    const draft = await create();
    const response = await call('GET', `/invoices/${draft.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="invoice-${draft.number}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.toString('latin1')).toContain(`Draft invoice ${draft.number}`);

    await send(draft.id);
    const sent = await call('GET', `/invoices/${draft.id}/pdf`, undefined, staffSession);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toBe('application/pdf');
    expect(sent.rawPayload.toString('latin1')).toContain(`Invoice ${draft.number}`);
    expect(sent.rawPayload.toString('latin1')).not.toContain('Draft invoice');
    expect(((await call('GET', `/invoices/${draft.id}`)).json() as IntegrationInvoiceDetail).viewed_at).toBeNull();
  });

  it("answers 404 for another company's invoice or none, and 403 to a key without invoices:read", async () => {
    const [theirs] = await t.app.database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.company_id, t.ids.brightside.id)).limit(1);
    expect((await call('GET', `/invoices/${theirs!.id}/pdf`)).statusCode).toBe(404);
    const draft = await create();
    expect((await call('GET', '/invoices/999999/pdf')).statusCode).toBe(404);
    const refused = await call('GET', `/invoices/${draft.id}/pdf`, undefined, readOnlyNotes);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'This API key lacks the scope invoices:read.' });
  });
});

describe("a project's statement", () => {
  it('is what the customer reads as the statement of account', async () => {
    const portal = await t.app.inject({ method: 'GET', url: `/api/entities/${kitchen.entity}/statement`, headers: bearer(t.casey) });
    expect(portal.statusCode).toBe(200);
    expect(await statement()).toEqual(portal.json());
  });

  it('moves its balance and aging with what the office does: a draft adds nothing, a sent invoice adds its total, a payment and a void take off', async () => {
    const before = await statement();
    await create({ number: 'CONSOLE-DRAFT-ONLY' });
    expect(await statement()).toEqual(before);

    // Due 45 days ago: 31-60 days past due.
    const late = await create({ issue_date: '2026-09-01', due_date: '2026-10-06' });
    expect(late.total).toBe('238.15');
    await send(late.id);
    const sent = await statement(staffSession);
    expect(cents(sent.balance) - cents(before.balance)).toBe(23815);
    expect(cents(sent.aging.days_31_60) - cents(before.aging.days_31_60)).toBe(23815);
    expect(cents(sent.aging.current)).toBe(cents(before.aging.current));

    const paid = await call('POST', `/invoices/${late.id}/payments`, { amount: '100.00', paid_on: '2026-11-19', method: 'Check', reference: '1042' });
    expect(paid.statusCode, paid.body).toBe(201);
    const afterPayment = await statement();
    expect(cents(afterPayment.balance) - cents(before.balance)).toBe(13815);
    expect(cents(afterPayment.aging.days_31_60) - cents(before.aging.days_31_60)).toBe(13815);
    expect(afterPayment.entries.at(-1)).toMatchObject({ kind: 'payment', invoice_id: late.id, payment: '100.00' });

    const current = await create();
    await send(current.id);
    expect(cents((await statement()).aging.current) - cents(afterPayment.aging.current)).toBe(23815);
    const voided = await call('POST', `/invoices/${current.id}/void`, {});
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await statement()).toEqual(afterPayment);
  });

  it("answers 404 for another company's project or none, and 403 to a key without invoices:read", async () => {
    const before = await statement();
    expect((await call('GET', `/projects/${lakeHouseProject}/statement`)).statusCode).toBe(404);
    expect((await call('GET', '/projects/999999/statement')).statusCode).toBe(404);
    expect((await call('GET', `/projects/${kitchen.project}/statement`, undefined, readOnlyNotes)).statusCode).toBe(403);
    expect(await statement()).toEqual(before);
  });
});
