import type { ChangeOrderDetail, ChangeOrderPage, InboxPage, IntegrationChangeOrderCreate, IntegrationChangeOrderDetail, ProjectMoney } from '@portal/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { changeOrderApprovals, companies, invoiceLines, invoices, staff, webhookDeliveries } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';
import { pdfText } from '../invoices/test-support';
import { sha256Hex } from '../../core/signatures/content';

/**
 * Change orders, the portal side (docs/requirements.md 11.10, docs/company-api.md "Change orders"): the customer reads,
 * approves with a typed signature (the signature path proposals take) or declines; an approval may invoice; the money
 * trail follows. Runs on PostgreSQL too: the concurrent approvals are decided by the database.
 */

const START = new Date('2026-11-20T12:00:00Z');
let now = START;
const t = useDemoApp({ mail: true, now: () => now });
let key: string;
let owner: string;
let kitchen: { entity: number; project: number };
let deck: { entity: number; project: number };
let lakeHouse: { entity: number; project: number };

beforeAll(async () => {
  const db = t.app.database.db;
  await db
    .update(companies)
    .set({ is_portal_change_orders_enabled: true, is_portal_proposals_enabled: true, is_portal_invoicing_enabled: true })
    .where(eq(companies.id, t.ids.acme.id));
  key = (
    await apiKeysRepository(db).create(t.ids.acme.id, 'crm', {
      scopes: [
        'change_orders:read',
        'change_orders:write',
        'invoices:read',
        'invoices:write',
        'proposals:read',
        'proposals:write',
        'projects:read',
        'webhooks:write',
      ],
    })
  ).key;
  const first = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.acme.id)!;
  kitchen = { entity: first.id, project: first.model_id };
  const other = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.brightside.id)!;
  lakeHouse = { entity: other.id, project: other.model_id };
  const nicos = t.ids.nicoEntities.find((entity) => entity.company_id === t.ids.acme.id)!;
  deck = { entity: nicos.id, project: nicos.model_id };
  const [member] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.company_id, t.ids.acme.id), eq(staff.role, 'owner'), isNull(staff.deactivated_at)))
    .orderBy(staff.id);
  owner = (await t.app.staffSessions.create(member!.id, { now: new Date() })).token;
  const events = ['change_order.viewed', 'change_order.approved', 'change_order.declined', 'invoice.sent'];
  const hook = await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/hooks', event_types: events });
  expect(hook.statusCode, hook.body).toBe(201);
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/integration${url}`, headers: bearer(key), ...(payload === undefined ? {} : { payload: payload as object }) });

const portal = (method: 'GET' | 'POST', url: string, payload?: unknown, options: { entity?: number; token?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method,
    url: `/api/entities/${options.entity ?? kitchen.entity}/change-orders${url}`,
    headers: { ...bearer(options.token ?? t.casey), ...options.headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const approve = (id: number, options: Parameters<typeof portal>[3] = {}, signer = 'Casey Morgan') =>
  portal('POST', `/${id}/approve`, { signer_name: signer, consent: true }, options);

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

const deliveries = async (type: string) =>
  t.app.database.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.company_id, t.ids.acme.id), eq(webhookDeliveries.type, type)))
    .orderBy(asc(webhookDeliveries.id));

const inbox = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/staff/inbox?page[size]=100', headers: bearer(owner) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InboxPage;
};

const approvalsOf = (id: number) => t.app.database.db.select().from(changeOrderApprovals).where(eq(changeOrderApprovals.change_order_id, id));

describe('the customer reads', () => {
  it('lists the sent change orders of the project, newest first, never drafts', async () => {
    const draft = await createDraft({ title: 'Not sent yet' });
    const sent = await createSent({ title: 'Listed' });
    const page = (await portal('GET', '')).json() as ChangeOrderPage;
    expect(page.data[0]).toMatchObject({ id: sent.id, title: 'Listed', status: 'sent', total: '2116.29', schedule_days: 3, approval_deadline: '2026-12-04' });
    expect(page.data.map((row) => row.id)).not.toContain(draft.id);
    expect((await portal('GET', `/${draft.id}`)).statusCode).toBe(404);
    expect((await approve(draft.id)).statusCode).toBe(404);
    expect((await portal('GET', '?filter[status]=draft')).statusCode).toBe(400);
  });

  it('marks it viewed the first time it is opened, with one change_order.viewed event', async () => {
    const sent = await createSent();
    const before = (await deliveries('change_order.viewed')).length;
    const first = await portal('GET', `/${sent.id}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().viewed_at).toBe(START.toISOString().replace('Z', '000Z'));
    await portal('GET', `/${sent.id}`);
    const events = await deliveries('change_order.viewed');
    expect(events.length).toBe(before + 1);
    expect(JSON.parse(events.at(-1)!.body).data).toMatchObject({ change_order: { id: sent.id }, viewer: { id: t.ids.casey.id } });
  });
});

describe('the customer approves', () => {
  it('keeps the evidence and a signed PDF whose bytes hash to the recorded value; the company hears of it', async () => {
    const sent = await createSent();
    const response = await approve(sent.id, { headers: { 'user-agent': 'Mozilla/5.0 (Test)' } }, '  Casey A. Morgan ');
    expect(response.statusCode, response.body).toBe(200);
    const approved = response.json() as ChangeOrderDetail;
    expect(approved).toMatchObject({ status: 'approved', total: '2116.29', invoice_id: null });
    expect(approved.approval).toMatchObject({
      signer_name: 'Casey A. Morgan',
      signer_email: t.ids.casey.email,
      approved_at: START.toISOString().replace('Z', '000Z'),
      ip_address: '127.0.0.1',
      user_agent: 'Mozilla/5.0 (Test)',
      subtotal: '1955.00',
      tax: '161.29',
      total: '2116.29',
    });

    // The content hash is that of the canonical JSON kept; the PDF's, that of the bytes served, from both sides.
    const [row] = await approvalsOf(sent.id);
    expect(sha256Hex(row!.content_json)).toBe(approved.approval!.content_sha256);
    expect(JSON.parse(row!.content_json)).toMatchObject({ format: 'portal-change-order/1', change_order_id: sent.id, total: '2116.29', schedule_days: 3 });
    const fromPortal = await portal('GET', `/${sent.id}/pdf`);
    expect(fromPortal.statusCode).toBe(200);
    expect(fromPortal.headers['content-type']).toBe('application/pdf');
    expect(fromPortal.headers['content-disposition']).toMatch(/^attachment/);
    expect(createHash('sha256').update(fromPortal.rawPayload).digest('hex')).toBe(approved.approval!.pdf_sha256);
    expect(row!.pdf_size).toBe(fromPortal.rawPayload.length);
    const pages = await pdfText(fromPortal.rawPayload);
    expect(pages.join('\n')).toContain('Casey A. Morgan');
    expect(pages.join('\n')).toContain('$2,116.29');
    expect(pages.at(-1)).toContain('Evidence of approval');
    expect(pages.at(-1)).toContain(approved.approval!.content_sha256);

    // The company hears of it: the webhook, an email to the project's primary rep, the inbox.
    expect(JSON.parse((await deliveries('change_order.approved')).at(-1)!.body).data).toMatchObject({
      change_order: { id: sent.id },
      approval: { signer_name: 'Casey A. Morgan', total: '2116.29', pdf_sha256: approved.approval!.pdf_sha256 },
    });
    const mail = await t.smtp.waitFor((message) => message.subject === `Change order CO-${sent.number} approved by Casey Morgan`);
    expect(mail.to).toEqual(['dana@acme-builders.example.com']);
    expect(mail.text).toContain(`/staff/projects/${kitchen.project}/change-orders/${sent.id}`);
    expect((await inbox()).data.find((item) => item.kind === 'change_order' && item.id === sent.id)).toMatchObject({
      excerpt: 'Approved: Skylight over the island',
      from: { name: 'Casey Morgan' },
    });
  });

  it('refuses, word for word, what can no longer be answered', async () => {
    const late = await createSent({ approval_deadline: '2026-11-25' });
    const withdrawn = await createSent();
    expect((await call('POST', `/change-orders/${withdrawn.id}/withdraw`)).statusCode).toBe(200);
    const replaced = await createSent();
    const revision = await call('POST', `/change-orders/${replaced.id}/revise`);
    expect(revision.statusCode, revision.body).toBe(201);
    expect((await call('POST', `/change-orders/${revision.json().id}/send`)).statusCode).toBe(200);
    const declined = await createSent();
    expect((await portal('POST', `/${declined.id}/decline`, {})).statusCode).toBe(200);
    const approved = await createSent();
    expect((await approve(approved.id)).statusCode).toBe(200);

    now = new Date('2026-11-26T00:00:01Z');
    try {
      const cases: [number, string][] = [
        [late.id, "This change order's approval deadline passed on Nov 25, 2026 and it can no longer be approved or declined."],
        [withdrawn.id, 'This change order was withdrawn by the company and can no longer be approved or declined.'],
        [replaced.id, 'This change order was replaced by a newer version: open the newest version to answer it.'],
        [approved.id, 'This change order is already approved.'],
        [declined.id, 'This change order was already declined.'],
      ];
      for (const [id, message] of cases) {
        for (const answer of [await approve(id), await portal('POST', `/${id}/decline`, { reason: 'No' })]) {
          expect(answer.statusCode, message).toBe(409);
          expect(answer.json()).toEqual({ message });
        }
      }
      expect(await approvalsOf(late.id)).toEqual([]);
    } finally {
      now = START;
    }
  });

  it('records exactly one approval when ten arrive at once; the others answer 409', async () => {
    const sent = await createSent({ invoice_on_approval: true });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => approve(sent.id, {}, `Casey ${index}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json()).toEqual({ message: 'This change order is already approved.' });
    expect(await approvalsOf(sent.id)).toHaveLength(1);
    const made = await t.app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.notes, `Change order CO-${sent.number}: Skylight over the island`));
    expect(made).toHaveLength(1);
  });
});

describe('the customer declines', () => {
  it('with an optional reason; the company hears of it by webhook, email and inbox', async () => {
    const sent = await createSent({ title: 'Heated floor' });
    const long = await portal('POST', `/${sent.id}/decline`, { reason: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    const before = (await deliveries('change_order.declined')).length;
    const declined = await portal('POST', `/${sent.id}/decline`, { reason: 'Over budget' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', approval: null, decline: { reason: 'Over budget' } });
    expect((await deliveries('change_order.declined')).length).toBe(before + 1);
    await t.smtp.waitFor(
      (message) => message.subject === `Change order CO-${sent.number} declined by Casey Morgan` && (message.text ?? '').includes('Over budget'),
    );
    expect((await inbox()).data.find((item) => item.kind === 'change_order' && item.id === sent.id)).toMatchObject({
      excerpt: 'Declined: Heated floor (Over budget)',
    });
  });
});

describe('an invoice on approval', () => {
  it('is one sent invoice, the next of the company’s sequence, for the items and tax; its customers are emailed; a credit makes none', async () => {
    const newest = await call('POST', '/invoices', {
      project_id: kitchen.project,
      number: 'INV-7000',
      issue_date: '2026-11-20',
      due_date: '2026-12-20',
      lines: [{ description: 'Deposit', quantity: '1', unit_price: '100.00' }],
    });
    expect(newest.statusCode, newest.body).toBe(201);
    const sent = await createSent({ invoice_on_approval: true, title: 'Pendant lights' });
    const before = (await deliveries('invoice.sent')).length;
    const approved = await approve(sent.id);
    expect(approved.statusCode, approved.body).toBe(200);
    const invoiceId = approved.json().invoice_id as number;
    const [invoice] = await t.app.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice).toMatchObject({
      number: 'INV-7001',
      state: 'sent',
      project_id: kitchen.project,
      issue_date: '2026-11-20',
      due_date: '2026-12-20',
      subtotal: '1955.00',
      tax: '161.29',
      total: '2116.29',
    });
    const lines = await t.app.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId)).orderBy(asc(invoiceLines.position));
    expect(lines.map((line) => [line.description, line.amount])).toEqual([
      ['Skylight, installed', '1850.00'],
      ['Drywall return, per sq ft', '105.00'],
    ]);
    // The customer sees it as any sent invoice: in the portal, by email, and the company's webhook.
    expect((await t.app.inject({ method: 'GET', url: `/api/entities/${kitchen.entity}/invoices/${invoiceId}`, headers: bearer(t.casey) })).statusCode).toBe(
      200,
    );
    await t.smtp.waitFor((message) => message.subject.startsWith('Invoice INV-7001 for $2,116.29'));
    const events = await deliveries('invoice.sent');
    expect(events.length).toBe(before + 1);
    expect(JSON.parse(events.at(-1)!.body).data).toMatchObject({
      invoice: { id: invoiceId, number: 'INV-7001', total: '2116.29' },
      change_order: { id: sent.id },
    });

    const credit = await createSent({ invoice_on_approval: true, items: [{ description: 'Less tile than planned', quantity: '1', unit_price: '-412.35' }] });
    const answered = await approve(credit.id);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'approved', total: '-446.37', invoice_id: null });
    expect((await deliveries('invoice.sent')).length).toBe(before + 1);
  });
});

describe('the money trail', () => {
  /** The trail as each answer that carries it gives it: the project page, the invoices page, the statement and the company's API. */
  async function trails(): Promise<ProjectMoney[]> {
    const nico = { headers: bearer(t.nico) };
    const entity = await t.app.inject({ method: 'GET', url: `/api/entities/${deck.entity}?include=model`, ...nico });
    const summary = await t.app.inject({ method: 'GET', url: `/api/entities/${deck.entity}/invoices/summary`, ...nico });
    const statement = await t.app.inject({ method: 'GET', url: `/api/entities/${deck.entity}/statement`, ...nico });
    const project = await call('GET', `/projects/${deck.project}`);
    const pick = ({ contract, approved_changes, revised_contract }: ProjectMoney) => ({ contract, approved_changes, revised_contract });
    for (const response of [entity, summary, statement, project]) expect(response.statusCode, response.body).toBe(200);
    return [entity.json().model, summary.json(), statement.json(), project.json()].map(pick);
  }
  const expectTrail = async (trail: ProjectMoney) => {
    for (const [index, one] of (await trails()).entries()) expect(one, `answer ${index}`).toEqual(trail);
  };

  async function acceptProposal(total: string) {
    const created = await call('POST', '/proposals', {
      project_id: deck.project,
      title: 'Deck',
      expires_on: '2026-12-31',
      sections: [{ title: 'Deck', items: [{ description: 'Deck, built', quantity: '1', unit_price: total }] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('POST', `/proposals/${created.json().id}/send`)).statusCode).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/entities/${deck.entity}/proposals/${created.json().id}/accept`,
      headers: bearer(t.nico),
      payload: { selected_item_ids: [], signer_name: 'Nico', consent: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }

  it('is the contract, its approved changes (a credit subtracting) and the revised contract, to the cent, in every answer', async () => {
    // No accepted proposal: the company's own total.
    await expectTrail({ contract: '15780.00', approved_changes: '0.00', revised_contract: '15780.00' });
    const skylight = await createSent({ project_id: deck.project });
    const credit = await createSent({ project_id: deck.project, items: [{ description: 'Less decking than planned', quantity: '1', unit_price: '-412.35' }] });
    const open = await createSent({ project_id: deck.project, title: 'Not answered' });
    for (const id of [skylight.id, credit.id]) expect((await approve(id, { entity: deck.entity, token: t.nico })).statusCode).toBe(200);
    // 2116.29 − 446.37; the one not answered counts for nothing.
    await expectTrail({ contract: '15780.00', approved_changes: '1669.92', revised_contract: '17449.92' });
    expect(open.status).toBe('sent');

    // An accepted proposal is the contract; the latest accepted one, once there are two.
    await acceptProposal('16000.00');
    await expectTrail({ contract: '16000.00', approved_changes: '1669.92', revised_contract: '17669.92' });
    now = new Date(START.getTime() + 60_000);
    try {
      await acceptProposal('16500.55');
    } finally {
      now = START;
    }
    await expectTrail({ contract: '16500.55', approved_changes: '1669.92', revised_contract: '18170.47' });
  });
});

describe('the switch and the guard', () => {
  it('answers 404 on every route while change orders are switched off', async () => {
    const sent = await createSent();
    expect((await approve(sent.id)).statusCode).toBe(200);
    const set = (on: boolean) => t.app.database.db.update(companies).set({ is_portal_change_orders_enabled: on }).where(eq(companies.id, t.ids.acme.id));
    await set(false);
    try {
      for (const [method, url, payload] of [
        ['GET', '', undefined],
        ['GET', `/${sent.id}`, undefined],
        ['POST', `/${sent.id}/approve`, { signer_name: 'Casey', consent: true }],
        ['POST', `/${sent.id}/decline`, {}],
        ['GET', `/${sent.id}/pdf`, undefined],
      ] as const) {
        expect((await portal(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await set(true);
    }
  });

  it("answers 404 for another company's or another project's change order", async () => {
    const sent = await createSent();
    for (const [entity, token] of [
      [lakeHouse.entity, t.casey],
      [kitchen.entity, t.nico],
      [deck.entity, t.nico],
    ] as const) {
      expect((await portal('GET', `/${sent.id}`, undefined, { entity, token })).statusCode).toBe(404);
      expect((await approve(sent.id, { entity, token })).statusCode).toBe(404);
    }
    expect(await approvalsOf(sent.id)).toEqual([]);
  });
});
