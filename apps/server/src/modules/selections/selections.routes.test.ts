import { SELECTION_MESSAGES, type InboxPage, type SelectionDetail, type SelectionsOverview } from '@portal/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { auditLog, changeOrderItems, changeOrders, companies, selectionChoices, selectionOptions, selections, staff, webhookDeliveries } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';
import { selectionChoicesRepository } from './selection-choices.repository';

/**
 * Selections and allowances, the portal side (docs/company-api.md "Selections and allowances"): the customer reads the
 * allowances and selections, chooses with a typed name until the selection is locked or its deadline day ends, and what
 * is chosen beyond an allowance becomes one change order. Runs on PostgreSQL too: simultaneous choices are decided by
 * the database's locks.
 */

const NOW = new Date('2026-11-20T12:00:00Z');
const t = useDemoApp({ mail: true, now: () => NOW });
let kitchen: { entity: number; project: number };
let faucet: { id: number; allowanceId: number; options: Record<'nickel' | 'black' | 'touchless', number> };
let backsplash: number;
let hardware: number;
let owner: string;

beforeAll(async () => {
  const db = t.app.database.db;
  const first = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.acme.id)!;
  kitchen = { entity: first.id, project: first.model_id };
  const rows = await db.select().from(selections).where(eq(selections.company_id, t.ids.acme.id));
  const byTitle = (title: string) => rows.find((row) => row.title === title)!;
  const options = await db
    .select()
    .from(selectionOptions)
    .where(eq(selectionOptions.selection_id, byTitle('Kitchen faucet').id))
    .orderBy(asc(selectionOptions.position));
  faucet = {
    id: byTitle('Kitchen faucet').id,
    allowanceId: byTitle('Kitchen faucet').allowance_id!,
    options: { nickel: options[0]!.id, black: options[1]!.id, touchless: options[2]!.id },
  };
  backsplash = byTitle('Backsplash tile').id;
  hardware = byTitle('Cabinet hardware').id;
  const key = (await apiKeysRepository(db).create(t.ids.acme.id, 'hooks', { scopes: ['webhooks:write'] })).key;
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/integration/webhooks',
    headers: bearer(key),
    payload: { url: 'http://127.0.0.1:9/hooks', event_types: ['selection.chosen', 'change_order.sent'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const [member] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.company_id, t.ids.acme.id), eq(staff.role, 'owner'), isNull(staff.deactivated_at)))
    .orderBy(staff.id);
  owner = (await t.app.staffSessions.create(member!.id, { now: new Date() })).token;
});

const portal = (method: 'GET' | 'POST', url: string, payload?: unknown, options: { entity?: number; token?: string } = {}) =>
  t.app.inject({
    method,
    url: `/api/entities/${options.entity ?? kitchen.entity}/selections${url}`,
    headers: bearer(options.token ?? t.casey),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const choose = (selectionId: number, optionId: number, options: Parameters<typeof portal>[3] = {}) =>
  portal('POST', `/${selectionId}/choose`, { option_id: optionId, signer_name: 'Casey Morgan', consent: true }, options);

/** The change orders the faucet's allowance made, every version, oldest first. */
const trail = () => t.app.database.db.select().from(changeOrders).where(eq(changeOrders.allowance_id, faucet.allowanceId)).orderBy(asc(changeOrders.id));
const pending = async () => (await trail()).filter((row) => row.state === 'draft' || row.state === 'sent');
const choicesOf = (selectionId: number) => t.app.database.db.select().from(selectionChoices).where(eq(selectionChoices.selection_id, selectionId));
const setCompany = (values: Partial<typeof companies.$inferInsert>) => t.app.database.db.update(companies).set(values).where(eq(companies.id, t.ids.acme.id));

/** Back to the demo's faucet: nothing chosen, and no change order waiting. */
async function resetFaucet() {
  await selectionChoicesRepository(t.app.database.db).reset({ companyId: t.ids.acme.id, selectionId: faucet.id, now: NOW, today: '2026-11-20' });
  expect(await pending()).toEqual([]);
}

describe('the customer reads', () => {
  it('lists the allowances with their money and totals, and every selection soonest deadline first', async () => {
    const response = await portal('GET', '');
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json() as SelectionsOverview;
    expect(overview.allowances).toEqual([
      { id: faucet.allowanceId, name: 'Kitchen faucet', amount: '400.00', chosen: '0.00', difference: '-400.00', anything_chosen: false },
      expect.objectContaining({ name: 'Backsplash tile', amount: '1200.00', chosen: '950.00', difference: '-250.00', anything_chosen: true }),
    ]);
    // The faucet's allowance, chosen against by no one yet, is no credit in the total.
    expect(overview.totals).toEqual({ amount: '1600.00', chosen: '950.00', difference: '-250.00' });
    expect(overview.selections.map((row) => [row.title, row.status, row.can_choose])).toEqual([
      ['Kitchen faucet', 'to_choose', true],
      ['Backsplash tile', 'chosen', true],
      ['Cabinet hardware', 'locked', false],
    ]);
    expect(overview.selections[0]).toMatchObject({
      room: 'Kitchen',
      deadline: '2027-06-30',
      option_count: 3,
      allowance: { name: 'Kitchen faucet' },
      chosen: null,
    });
    expect(overview.selections[0]!.cover?.image_url).toMatch(/\/api\/images\/\d+\?.*sig=/);
    expect(overview.selections[1]!.chosen).toMatchObject({ title: 'Subway, white', price: '950.00', chosen_by: 'customer' });
  });

  it("shows a selection's options with their photos and their difference from the allowance, and the choice without its IP address", async () => {
    const detail = (await portal('GET', `/${faucet.id}`)).json() as SelectionDetail;
    expect(detail.options.map((option) => [option.title, option.price, option.difference, option.photos.length])).toEqual([
      ['Brushed nickel pull-down', '320.00', '-80.00', 1],
      ['Matte black pull-down', '400.00', '0.00', 1],
      ['Touchless with filtered water', '650.00', '250.00', 1],
    ]);
    const photo = await t.app.inject({ method: 'GET', url: detail.options[0]!.photos[0]!.file.url, headers: bearer(t.casey) });
    expect(photo.statusCode).toBe(200);
    const chosen = (await portal('GET', `/${backsplash}`)).json() as SelectionDetail;
    expect(chosen.choice).toEqual({
      option_id: chosen.options[0]!.id,
      chosen_by: 'customer',
      signer_name: 'Casey Morgan',
      signer_email: 'customer@example.com',
      chosen_at: expect.any(String),
      note: null,
    });
  });
});

describe('the customer chooses', () => {
  it('over the allowance: a change order draft carries the difference; the company hears of the choice', async () => {
    const response = await choose(faucet.id, faucet.options.touchless);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'chosen', chosen: { option_id: faucet.options.touchless, price: '650.00' } });
    const [draft, ...others] = await trail();
    expect(others).toEqual([]);
    expect(draft).toMatchObject({ state: 'draft', title: 'Allowance: Kitchen faucet', total: '250.00', project_id: kitchen.project });
    const items = await t.app.database.db.select().from(changeOrderItems).where(eq(changeOrderItems.change_order_id, draft!.id));
    expect(items.map((item) => [item.description, item.quantity, item.unit_price])).toEqual([
      ['Kitchen faucet: $650.00 chosen against the $400.00 allowance', '1.000', '250.00'],
    ]);

    const [choice] = (await choicesOf(faucet.id)).filter((row) => row.replaced_at === null);
    expect(choice).toMatchObject({
      ip_address: '127.0.0.1',
      signer_email: 'customer@example.com',
      allowance_amount: '400.00',
      option_title: 'Touchless with filtered water',
    });
    const [event] = await t.app.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.type, 'selection.chosen'));
    expect(JSON.parse(event!.body).data).toMatchObject({
      selection: { id: faucet.id },
      choice: { id: choice!.id, option_price: '650.00', chosen_by: 'customer' },
    });
    const mail = await t.smtp.waitFor((message) => message.subject === 'Casey Morgan chose Touchless with filtered water for Kitchen faucet');
    expect(mail.to).toEqual(['dana@acme-builders.example.com']);
    expect(mail.text).toContain('What is chosen is $250.00 over the $400.00 allowance for Kitchen faucet.');
    expect(mail.text).toContain(`/staff/projects/${kitchen.project}/selections/${faucet.id}`);
    const inbox = (await t.app.inject({ method: 'GET', url: '/api/staff/inbox', headers: bearer(owner) })).json() as InboxPage;
    expect(inbox.data.find((item) => item.kind === 'selection' && item.id === choice!.id)).toMatchObject({
      excerpt: 'Chose: Touchless with filtered water for Kitchen faucet',
      from: { name: 'Casey Morgan' },
      project: { id: kitchen.project },
    });
    const [audit] = await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'choosePortalSelectionOption'));
    expect(audit).toMatchObject({ actor_kind: 'portal_user', actor_id: t.ids.casey.id, target_kind: 'selection', target_id: faucet.id });
  });

  it('the same option again changes nothing; a change under the allowance deletes the draft', async () => {
    const before = await choicesOf(faucet.id);
    expect((await choose(faucet.id, faucet.options.touchless)).statusCode).toBe(200);
    expect(await choicesOf(faucet.id)).toHaveLength(before.length);
    expect(await pending()).toHaveLength(1);

    const changed = await choose(faucet.id, faucet.options.nickel);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as SelectionDetail).chosen).toMatchObject({ title: 'Brushed nickel pull-down', price: '320.00' });
    expect(await pending()).toEqual([]);
    const replaced = (await choicesOf(faucet.id)).filter((row) => row.replaced_at !== null);
    expect(replaced.map((row) => row.replaced_by)).toEqual(['choice']);
    await resetFaucet();
  });

  it("sends the change order at once with the company's 'send' setting, and withdraws it when nothing is left to carry", async () => {
    await setCompany({ selection_overage_change_orders: 'send' });
    try {
      expect((await choose(faucet.id, faucet.options.touchless)).statusCode).toBe(200);
      const [sent] = await pending();
      expect(sent).toMatchObject({ state: 'sent', total: '250.00' });
      await t.smtp.waitFor((message) => message.subject === `Change order CO-${sent!.number} from Acme Builders: Allowance: Kitchen faucet`);
      expect((await choose(faucet.id, faucet.options.black)).statusCode).toBe(200);
      expect(await pending()).toEqual([]);
      expect((await trail()).find((row) => row.id === sent!.id)?.state).toBe('withdrawn');
    } finally {
      await setCompany({ selection_overage_change_orders: 'draft' });
      await resetFaucet();
    }
  });

  it('of several at once, one is the current choice and at most one change order carries it', async () => {
    const same = await Promise.all(Array.from({ length: 6 }, () => choose(faucet.id, faucet.options.touchless)));
    expect(same.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await choicesOf(faucet.id)).filter((row) => row.replaced_at === null)).toHaveLength(1);
    expect((await pending()).map((row) => [row.state, row.total])).toEqual([['draft', '250.00']]);

    // Different options at once: whichever is last is the one choice, and the trail agrees with it.
    const mixed = await Promise.all(Array.from({ length: 6 }, (_, index) => choose(faucet.id, index % 2 ? faucet.options.black : faucet.options.touchless)));
    expect(mixed.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const current = (await choicesOf(faucet.id)).filter((row) => row.replaced_at === null);
    expect(current).toHaveLength(1);
    const expected = current[0]!.option_id === faucet.options.touchless ? [['draft', '250.00']] : [];
    expect((await pending()).map((row) => [row.state, row.total])).toEqual(expected);
    await resetFaucet();
  });
});

describe('a choice is refused', () => {
  it('once the selection is locked, or its deadline day has ended, word for word', async () => {
    const locked = await choose(hardware, (await t.app.database.db.select().from(selectionOptions).where(eq(selectionOptions.selection_id, hardware)))[0]!.id);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(SELECTION_MESSAGES.locked);

    await t.app.database.db.update(selections).set({ deadline: '2026-11-19' }).where(eq(selections.id, faucet.id));
    try {
      const late = await choose(faucet.id, faucet.options.black);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe('The deadline to choose passed on Nov 19, 2026: ask the company if you still need to change it.');
      expect((await portal('GET', `/${faucet.id}`)).json()).toMatchObject({ status: 'past_deadline', can_choose: false });
    } finally {
      await t.app.database.db.update(selections).set({ deadline: '2027-06-30' }).where(eq(selections.id, faucet.id));
    }
  });

  it("for an option that is not the selection's", async () => {
    const response = await choose(
      faucet.id,
      (await t.app.database.db.select().from(selectionOptions).where(eq(selectionOptions.selection_id, backsplash)))[0]!.id,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ option_id: [SELECTION_MESSAGES.optionNotFound] });
  });
});

describe('nothing is reached', () => {
  it("of another project's or another company's selections, nor with the area switched off", async () => {
    const deck = t.ids.nicoEntities.find((entity) => entity.company_id === t.ids.acme.id)!;
    expect((await portal('GET', `/${faucet.id}`, undefined, { entity: deck.id, token: t.nico })).statusCode).toBe(404);
    expect((await choose(faucet.id, faucet.options.black, { entity: deck.id, token: t.nico })).statusCode).toBe(404);
    const lakeHouse = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.brightside.id)!;
    await t.app.database.db.update(companies).set({ is_portal_selections_enabled: true }).where(eq(companies.id, t.ids.brightside.id));
    expect((await portal('GET', `/${faucet.id}`, undefined, { entity: lakeHouse.id })).statusCode).toBe(404);

    await setCompany({ is_portal_selections_enabled: false });
    try {
      expect((await portal('GET', '')).statusCode).toBe(404);
      expect((await choose(faucet.id, faucet.options.black)).statusCode).toBe(404);
    } finally {
      await setCompany({ is_portal_selections_enabled: true });
    }
  });
});
