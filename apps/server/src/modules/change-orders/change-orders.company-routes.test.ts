import type { IntegrationChangeOrderCreate, IntegrationChangeOrderDetail, IntegrationChangeOrderPage } from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { auditLog, changeOrders, companies, documents, webhookDeliveries } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** Change orders, the company side (docs/company-api.md "Change orders"). */

const START = new Date('2026-11-20T12:00:00Z');
const t = useDemoApp({ mail: true, now: () => START });
let acmeKey: string;
let brightsideKey: string;
let ownerKey: string;
let kitchen: { entity: number; project: number };

beforeAll(async () => {
  const keys = apiKeysRepository(t.app.database.db);
  acmeKey = (await keys.create(t.ids.acme.id, 'crm', { scopes: ['change_orders:read', 'change_orders:write', 'webhooks:write'] })).key;
  brightsideKey = (await keys.create(t.ids.brightside.id, 'crm', { scopes: ['change_orders:read', 'change_orders:write'] })).key;
  ownerKey = (await keys.create(t.ids.acme.id, 'settings', { scopes: ['company:read', 'company:write'] })).key;
  const first = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.acme.id)!;
  kitchen = { entity: first.id, project: first.model_id };
  const hook = await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/hooks', event_types: ['change_order.sent', 'change_order.withdrawn'] });
  expect(hook.statusCode, hook.body).toBe(201);
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, key = acmeKey) =>
  t.app.inject({ method, url: `/api/integration${url}`, headers: bearer(key), ...(payload === undefined ? {} : { payload: payload as object }) });

const body = (overrides: Partial<IntegrationChangeOrderCreate> = {}): IntegrationChangeOrderCreate => ({
  project_id: kitchen.project,
  title: 'Skylight over the island',
  description: 'Cut in and flash a skylight.',
  tax_rate: '8.25',
  schedule_days: 3,
  approval_deadline: '2026-12-04',
  items: [
    { description: 'Skylight, installed', quantity: '1', unit_price: '1850.00' },
    { description: 'Drywall return, per sq ft', quantity: '12.5', unit_price: '8.40' },
  ],
  ...overrides,
});

async function createDraft(overrides: Partial<IntegrationChangeOrderCreate> = {}): Promise<IntegrationChangeOrderDetail> {
  const response = await call('POST', '/change-orders', body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createSent(overrides: Partial<IntegrationChangeOrderCreate> = {}): Promise<IntegrationChangeOrderDetail> {
  const draft = await createDraft(overrides);
  const response = await call('POST', `/change-orders/${draft.id}/send`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const fields = (response: { json(): unknown }) => Object.keys((response.json() as { errors?: Record<string, string[]> }).errors ?? {}).sort();

const deliveries = async (type: string) =>
  t.app.database.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.company_id, t.ids.acme.id), eq(webhookDeliveries.type, type)))
    .orderBy(asc(webhookDeliveries.id));

const fileOf = async (companyId: number) => {
  const [row] = await t.app.database.db
    .select({ fileId: documents.file_id, projectId: documents.project_id })
    .from(documents)
    .where(eq(documents.company_id, companyId))
    .limit(1);
  return row!;
};

describe('drafts', () => {
  it('numbers each change order per company and computes its money in cents; a draft is editable, with files of the project', async () => {
    const first = await createDraft();
    const second = await createDraft();
    expect(second.number).toBe(first.number + 1);
    // 1850 + 105 = 1955; tax 161.2875 → 161.29.
    expect(first).toMatchObject({ version: 1, status: 'draft', subtotal: '1955.00', tax: '161.29', total: '2116.29', schedule_days: 3, invoice_id: null });
    expect(first.items.map((item) => [item.description, item.quantity, item.amount])).toEqual([
      ['Skylight, installed', '1', '1850.00'],
      ['Drywall return, per sq ft', '12.5', '105.00'],
    ]);

    const document = await fileOf(t.ids.acme.id);
    const onItsProject = await createDraft({ project_id: document.projectId });
    const edited = await call('PATCH', `/change-orders/${onItsProject.id}`, {
      title: 'Credit: less rot than feared',
      items: [{ description: 'Sister joists not needed', quantity: '1', unit_price: '-400.00' }],
      file_ids: [document.fileId],
      approval_deadline: null,
      invoice_on_approval: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const credit = edited.json() as IntegrationChangeOrderDetail;
    expect(credit).toMatchObject({ total: '-433.00', approval_deadline: null, invoice_on_approval: true, description: 'Cut in and flash a skylight.' });
    expect(credit.files.map((file) => file.id)).toEqual([document.fileId]);
    expect(credit.files[0]!.url).toMatch(/^http:\/\/portal\.test\//);

    expect((await call('DELETE', `/change-orders/${second.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/change-orders/${second.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with 422 per field in the one error shape, never a 500, and writes nothing', async () => {
    const before = (await t.app.database.db.select().from(changeOrders)).length;
    const bad = await call(
      'POST',
      '/change-orders',
      body({
        title: '',
        schedule_days: 366,
        approval_deadline: '2026-02-30',
        items: [{ description: 'x', quantity: '0', unit_price: 12 as unknown as string }],
      }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: expect.any(String) });
    expect(fields(bad)).toEqual(['approval_deadline', 'items.0.quantity', 'items.0.unit_price', 'schedule_days', 'title']);
    const huge = await call('POST', '/change-orders', body({ items: [{ description: 'x', quantity: '999999999', unit_price: '999999999999.99' }] }));
    expect(fields(huge)).toEqual(['items.0.unit_price']);
    const brightsideFile = await fileOf(t.ids.brightside.id);
    const foreign = await call('POST', '/change-orders', body({ file_ids: [brightsideFile.fileId] }));
    expect(foreign.statusCode).toBe(422);
    expect(fields(foreign)).toEqual(['file_ids']);
    const unknownStatus = await call('GET', '/change-orders?filter[status]=pending');
    expect(unknownStatus.statusCode).toBe(400);
    expect((await t.app.database.db.select().from(changeOrders)).length).toBe(before);
  });

  it('takes a number the company gives, and refuses one already used with 409', async () => {
    const given = await createDraft({ number: 7001 });
    expect(given.number).toBe(7001);
    const taken = await call('POST', '/change-orders', body({ number: 7001 }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Change order number 7001 is already used: choose another number, or leave it out to get the next one.');
  });
});

describe('sending, versions and withdrawing', () => {
  it('sends: the customers are emailed and change_order.sent goes out; a sent one answers 409 notDraft to an edit and cannot be deleted', async () => {
    const sent = await createSent({ title: 'Heated floor' });
    expect(sent).toMatchObject({ status: 'sent', sent_at: START.toISOString().replace('Z', '000Z') });
    const mail = await t.smtp.waitFor((message) => message.subject === `Change order CO-${sent.number} from Acme Builders: Heated floor`);
    expect(mail.to).toEqual([t.ids.casey.email]);
    expect(mail.text).toContain(`http://portal.test/change-orders?entity=${kitchen.entity}&change_order=${sent.id}`);
    expect(mail.text).toContain('adds 3 days to the schedule');
    expect(mail.text).toContain('Please answer by Dec 4, 2026.');
    const [event] = (await deliveries('change_order.sent')).filter((row) => JSON.parse(row.body).data.change_order.id === sent.id);
    expect(JSON.parse(event!.body).data.change_order).toMatchObject({ number: sent.number, total: '2116.29', schedule_days: 3 });

    const edit = await call('PATCH', `/change-orders/${sent.id}`, { title: 'Changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: 'This change order has been sent and can no longer be changed: make a new version of it instead.' });
    expect((await call('DELETE', `/change-orders/${sent.id}`)).statusCode).toBe(409);
    expect((await call('POST', `/change-orders/${sent.id}/send`)).statusCode).toBe(409);

    const audited = await t.app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.company_id, t.ids.acme.id), eq(auditLog.target_kind, 'change_order'), eq(auditLog.target_id, sent.id)))
      .orderBy(asc(auditLog.id));
    expect(audited.map((row) => row.action)).toEqual(['createChangeOrder', 'sendChangeOrder']);
  });

  it('refuses to send one without items, or past its approval deadline', async () => {
    const empty = await createDraft({ items: [] });
    expect(fields(await call('POST', `/change-orders/${empty.id}/send`))).toEqual(['items']);
    const late = await createDraft({ approval_deadline: '2026-11-19' });
    expect(fields(await call('POST', `/change-orders/${late.id}/send`))).toEqual(['approval_deadline']);
  });

  it('revises: a new draft with the same number and version + 1; sending it supersedes the older sent version', async () => {
    const first = await createSent();
    const revised = await call('POST', `/change-orders/${first.id}/revise`);
    expect(revised.statusCode, revised.body).toBe(201);
    const draft = revised.json() as IntegrationChangeOrderDetail;
    expect(draft).toMatchObject({ number: first.number, version: 2, status: 'draft', previous_version_id: first.id, total: first.total });
    expect((await call('POST', `/change-orders/${first.id}/revise`)).json().message).toBe(
      'Version 2 of this change order exists: make the new version from that one.',
    );
    expect((await call('POST', `/change-orders/${draft.id}/send`)).statusCode).toBe(200);
    expect((await call('GET', `/change-orders/${first.id}`)).json()).toMatchObject({ status: 'superseded', superseded_at: expect.any(String) });
    const listed = (await call('GET', `/change-orders?filter[number]=${first.number}`)).json() as IntegrationChangeOrderPage;
    expect(listed.data.map((row) => [row.version, row.status]).sort()).toEqual([
      [1, 'superseded'],
      [2, 'sent'],
    ]);
  });

  it('withdraws a sent one (change_order.withdrawn), and reads expired after its deadline day', async () => {
    const sent = await createSent();
    const withdrawn = await call('POST', `/change-orders/${sent.id}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', withdrawn_at: expect.any(String) });
    expect((await call('POST', `/change-orders/${sent.id}/withdraw`)).json().message).toBe('This change order is already withdrawn.');
    expect((await deliveries('change_order.withdrawn')).some((row) => JSON.parse(row.body).data.change_order.id === sent.id)).toBe(true);

    const lapsing = await createSent({ approval_deadline: '2026-11-20' });
    await t.app.database.db.update(changeOrders).set({ approval_deadline: '2026-11-19' }).where(eq(changeOrders.id, lapsing.id));
    expect((await call('GET', `/change-orders/${lapsing.id}`)).json()).toMatchObject({ status: 'expired' });
    const expired = (await call('GET', '/change-orders?filter[status]=expired&page[size]=100')).json() as IntegrationChangeOrderPage;
    expect(expired.data.map((row) => row.id)).toContain(lapsing.id);
  });

  it('answers 409 for the signed PDF before approval', async () => {
    const sent = await createSent();
    const pdf = await call('GET', `/change-orders/${sent.id}/pdf`);
    expect(pdf.statusCode).toBe(409);
  });
});

describe('scopes, other companies and the switch', () => {
  it("answers 404 for another company's change order on every route, and 403 to a key without the scope", async () => {
    const draft = await createDraft();
    for (const [method, url] of [
      ['GET', `/change-orders/${draft.id}`],
      ['PATCH', `/change-orders/${draft.id}`],
      ['DELETE', `/change-orders/${draft.id}`],
      ['POST', `/change-orders/${draft.id}/send`],
      ['POST', `/change-orders/${draft.id}/withdraw`],
      ['POST', `/change-orders/${draft.id}/revise`],
      ['GET', `/change-orders/${draft.id}/pdf`],
    ] as const) {
      const response = await call(method, url, method === 'PATCH' ? { title: 'Mine now' } : undefined, brightsideKey);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', `/change-orders/${draft.id}`)).json()).toMatchObject({ title: 'Skylight over the island', status: 'draft' });

    const readOnly = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'reader', { scopes: ['change_orders:read'] })).key;
    expect((await call('GET', `/change-orders/${draft.id}`, undefined, readOnly)).statusCode).toBe(200);
    expect((await call('POST', '/change-orders', body(), readOnly)).statusCode).toBe(403);
    const proposalsOnly = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'other', { scopes: ['proposals:read'] })).key;
    expect((await call('GET', '/change-orders', undefined, proposalsOnly)).statusCode).toBe(403);
  });

  it('works on the company side while the area is switched off, emailing nobody; the switch is set through the company API', async () => {
    const setSwitch = (on: boolean) =>
      t.app.inject({ method: 'PATCH', url: '/api/integration/company', headers: bearer(ownerKey), payload: { is_portal_change_orders_enabled: on } });
    const off = await setSwitch(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ is_portal_change_orders_enabled: false });
    try {
      const quiet = await createSent({ title: 'Prepared while off' });
      expect(quiet.status).toBe('sent');
    } finally {
      await setSwitch(true);
    }
    const [row] = await t.app.database.db.select({ on: companies.is_portal_change_orders_enabled }).from(companies).where(eq(companies.id, t.ids.acme.id));
    expect(row!.on).toBe(true);
    const marker = await createSent({ title: 'After the switch' });
    await t.smtp.waitFor((message) => message.subject.includes(`CO-${marker.number} `));
    expect(t.smtp.messages.filter((message) => message.subject.includes('Prepared while off'))).toEqual([]);
  });
});
