import type {
  IntegrationAllowanceChangeOrder,
  IntegrationAllowanceDetail,
  IntegrationAllowancePage,
  IntegrationSelectionCreate,
  IntegrationSelectionDetail,
  IntegrationSelectionPage,
} from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, multipartBody } from '../../../test/fixtures';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { auditLog, files, selections, staff, webhookDeliveries } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** Selections and allowances, the company side (docs/company-api.md "Selections and allowances"). */

const START = new Date('2026-11-20T12:00:00Z');
const t = useDemoApp({ now: () => START });
let acmeKey: string;
let brightsideKey: string;
let readOnlyKey: string;
let projectId: number;

beforeAll(async () => {
  const keys = apiKeysRepository(t.app.database.db);
  acmeKey = (await keys.create(t.ids.acme.id, 'crm', { scopes: ['selections:read', 'selections:write', 'webhooks:write', 'change_orders:read'] })).key;
  brightsideKey = (await keys.create(t.ids.brightside.id, 'crm', { scopes: ['selections:read', 'selections:write'] })).key;
  readOnlyKey = (await keys.create(t.ids.acme.id, 'reader', { scopes: ['selections:read'] })).key;
  projectId = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.acme.id)!.model_id;
  const hook = await call('POST', '/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    event_types: ['selection.chosen', 'selection.reset', 'selection.locked', 'selection.unlocked'],
  });
  expect(hook.statusCode, hook.body).toBe(201);
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, key = acmeKey, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url: `/api/integration${url}`,
    headers: { ...bearer(key), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const fields = (response: { json(): unknown }) => Object.keys((response.json() as { errors?: Record<string, string[]> }).errors ?? {}).sort();

async function created<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as T;
}

const allowance = (name: string, amount: string) =>
  call('POST', '/allowances', { project_id: projectId, name, amount }).then(created<IntegrationAllowanceDetail>);

const faucet = (overrides: Partial<IntegrationSelectionCreate> = {}) =>
  call('POST', '/selections', {
    project_id: projectId,
    title: 'Kitchen faucet',
    room: 'Kitchen',
    deadline: '2026-12-04',
    options: [
      { title: 'Brushed nickel pull-down', price: '320.00', lead_time_days: 5 },
      { title: 'Matte black pull-down', price: '400.00', supplier_url: 'https://example.com/matte' },
      { title: 'Touchless with filtered water', price: '650' },
    ],
    ...overrides,
  }).then(created<IntegrationSelectionDetail>);

const events = async (type: string, selectionId: number) =>
  (
    await t.app.database.db
      .select({ body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.company_id, t.ids.acme.id), eq(webhookDeliveries.type, type)))
      .orderBy(asc(webhookDeliveries.id))
  )
    .map((row) => JSON.parse(row.body) as { data: { selection: { id: number }; choice?: Record<string, unknown> } })
    .filter((event) => event.data.selection.id === selectionId);

const photoUpload = async (selectionId: number, optionId: number, count: number) => {
  const png = await imageBytes('png');
  const body = multipartBody(
    Array.from({ length: count }, (_, index) => ({ name: 'files', filename: `tap-${index}.png`, contentType: 'image/png', data: png })),
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/integration/selections/${selectionId}/options/${optionId}/photos`,
    headers: { ...body.headers, ...bearer(acmeKey) },
    payload: body.payload,
  });
};

describe('allowances and the money trail', () => {
  it('chooses on the customer’s behalf as the company, and what goes over the allowance becomes a change order draft', async () => {
    const faucetAllowance = await allowance('Kitchen faucet', '400');
    expect(faucetAllowance).toMatchObject({ amount: '400.00', chosen: '0.00', difference: '-400.00', outstanding: '-400.00', change_orders: [] });
    const selection = await faucet({ allowance_id: faucetAllowance.id });
    expect(selection).toMatchObject({
      status: 'to_choose',
      can_choose: true,
      option_count: 3,
      allowance: { id: faucetAllowance.id },
      choice: null,
      history: [],
    });
    expect(selection.options.map((option) => [option.title, option.price, option.difference])).toEqual([
      ['Brushed nickel pull-down', '320.00', '-80.00'],
      ['Matte black pull-down', '400.00', '0.00'],
      ['Touchless with filtered water', '650.00', '250.00'],
    ]);

    const touchless = selection.options[2]!;
    const chosen = await call('POST', `/selections/${selection.id}/choose`, { option_id: touchless.id, note: 'Chosen by phone' }, acmeKey, {
      'user-agent': 'crm/1.0',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const answer = chosen.json() as IntegrationSelectionDetail;
    expect(answer).toMatchObject({ status: 'chosen', chosen: { option_id: touchless.id, chosen_by: 'company' } });
    expect(answer.choice).toMatchObject({ chosen_by: 'company', note: 'Chosen by phone', user_agent: 'crm/1.0', staff_id: null, portal_user_id: null });
    expect(answer.choice!.signer_name).toMatch(/^crm \(ppk_\d+\)$/);
    expect(answer.choice!.api_key_id).toEqual(expect.any(Number));
    expect((await events('selection.chosen', selection.id))[0]!.data.choice).toMatchObject({ chosen_by: 'company', option_price: '650.00' });

    // A retry changes nothing: one choice, one change order.
    expect((await call('POST', `/selections/${selection.id}/choose`, { option_id: touchless.id })).json().history).toHaveLength(1);
    const over = (await call('GET', `/allowances/${faucetAllowance.id}`)).json() as IntegrationAllowanceDetail;
    expect(over).toMatchObject({ chosen: '650.00', difference: '250.00', carried: '0.00', outstanding: '250.00', selection_count: 1 });
    expect(over.change_orders).toEqual([expect.objectContaining({ status: 'draft', total: '250.00' })]);

    // A larger allowance leaves a credit: the draft goes, and the credit is carried only when the company asks.
    const raised = await call('PATCH', `/allowances/${faucetAllowance.id}`, { amount: '700.00' });
    expect(raised.json()).toMatchObject({ difference: '-50.00', outstanding: '-50.00', change_orders: [] });
    const credit = await call('POST', `/allowances/${faucetAllowance.id}/credit`).then(created<IntegrationAllowanceChangeOrder>);
    expect(credit).toMatchObject({ status: 'draft', total: '-50.00' });
    const changeOrder = await t.app.inject({ method: 'GET', url: `/api/integration/change-orders/${credit.id}`, headers: bearer(acmeKey) });
    expect(changeOrder.json()).toMatchObject({ title: 'Allowance: Kitchen faucet', total: '-50.00' });
    // The credit it carries follows the next change while it waits; back to even, it goes.
    const lower = await call('PATCH', `/allowances/${faucetAllowance.id}`, { amount: '750.00' });
    expect(lower.json()).toMatchObject({
      outstanding: '-100.00',
      change_orders: [expect.objectContaining({ id: credit.id, status: 'draft', total: '-100.00' })],
    });
    expect((await call('PATCH', `/allowances/${faucetAllowance.id}`, { amount: '650.00' })).json()).toMatchObject({ outstanding: '0.00', change_orders: [] });

    const even = await allowance('Exact', '0');
    const none = await call('POST', `/allowances/${even.id}/credit`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('There is no credit to carry: what is chosen is not under the allowance, or a change order already carries it.');
  });

  it('moves a chosen selection’s price between allowances, bringing both trails up to date', async () => {
    const small = await allowance('Sink', '100.00');
    const large = await allowance('Fixtures', '1000.00');
    const selection = await faucet({ title: 'Sink', allowance_id: small.id });
    await call('POST', `/selections/${selection.id}/choose`, { option_id: selection.options[2]!.id });
    expect((await call('GET', `/allowances/${small.id}`)).json().change_orders).toEqual([expect.objectContaining({ status: 'draft', total: '550.00' })]);
    const moved = await call('PATCH', `/selections/${selection.id}`, { allowance_id: large.id, room: null });
    expect(moved.json()).toMatchObject({ allowance: { id: large.id }, room: null, chosen: { price: '650.00' } });
    expect((await call('GET', `/allowances/${small.id}`)).json()).toMatchObject({ chosen: '0.00', change_orders: [] });
    expect((await call('GET', `/allowances/${large.id}`)).json()).toMatchObject({ chosen: '650.00', outstanding: '-350.00', change_orders: [] });
  });

  it('lists a project’s allowances with their money; deleting one keeps its selections', async () => {
    const tile = await allowance('Backsplash tile', '1200.00');
    const selection = await faucet({ title: 'Backsplash tile', allowance_id: tile.id });
    const listed = (await call('GET', `/allowances?filter[project_id]=${projectId}&page[size]=100`)).json() as IntegrationAllowancePage;
    expect(listed.data.find((row) => row.id === tile.id)).toMatchObject({ name: 'Backsplash tile', amount: '1200.00', chosen: '0.00', selection_count: 1 });
    expect((await call('DELETE', `/allowances/${tile.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/allowances/${tile.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/selections/${selection.id}`)).json()).toMatchObject({ allowance: null, title: 'Backsplash tile' });
  });
});

describe('selections', () => {
  it('refuses bad input with 422 per field in the one error shape, never a 500, and writes nothing', async () => {
    const before = (await t.app.database.db.select().from(selections)).length;
    const bad = await call('POST', '/selections', {
      project_id: projectId,
      title: '',
      deadline: '2026-02-30',
      options: [{ title: 'x', price: 12, lead_time_days: 731, supplier_url: 'javascript:alert(1)' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: expect.any(String) });
    expect(fields(bad)).toEqual(['deadline', 'options.0.lead_time_days', 'options.0.price', 'options.0.supplier_url', 'title']);
    const brightsideAllowance = await call('POST', '/allowances', { project_id: projectId, name: 'Theirs', amount: '1.00' }, brightsideKey);
    expect(fields(brightsideAllowance)).toEqual(['project_id']);
    const foreign = await call('POST', '/selections', { project_id: projectId, title: 'x', allowance_id: 2_000_000_000 });
    expect(fields(foreign)).toEqual(['allowance_id']);
    expect((await call('GET', '/selections?filter[status]=pending')).statusCode).toBe(400);
    expect((await t.app.database.db.select().from(selections)).length).toBe(before);
  });

  it('locks, unlocks and resets as the company, each told to the webhooks and kept in the audit log', async () => {
    const selection = await faucet();
    const [first, second] = selection.options;
    await call('POST', `/selections/${selection.id}/choose`, { option_id: first!.id });
    const locked = await call('POST', `/selections/${selection.id}/lock`);
    expect(locked.json()).toMatchObject({ status: 'locked', can_choose: false, locked_at: expect.any(String) });
    const refused = await call('POST', `/selections/${selection.id}/choose`, { option_id: second!.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This selection is locked: unlock it before changing its choice.');
    expect((await call('POST', `/selections/${selection.id}/unlock`)).json()).toMatchObject({ status: 'chosen', locked_at: null });

    const reset = (await call('POST', `/selections/${selection.id}/reset`)).json() as IntegrationSelectionDetail;
    expect(reset).toMatchObject({ status: 'to_choose', choice: null, chosen: null });
    expect(reset.history).toEqual([expect.objectContaining({ option_id: first!.id, replaced_by: 'reset', replaced_at: expect.any(String) })]);
    expect((await call('POST', `/selections/${selection.id}/reset`)).json().message).toBe('This selection has no choice to reset.');
    for (const type of ['selection.locked', 'selection.unlocked', 'selection.reset']) expect(await events(type, selection.id), type).toHaveLength(1);

    const audited = await t.app.database.db
      .select({ action: auditLog.action, actor: auditLog.actor_kind })
      .from(auditLog)
      .where(and(eq(auditLog.company_id, t.ids.acme.id), eq(auditLog.target_kind, 'selection'), eq(auditLog.target_id, selection.id)))
      .orderBy(asc(auditLog.id));
    expect(audited.map((row) => row.action)).toEqual(['createSelection', 'chooseSelection', 'lockSelection', 'unlockSelection', 'resetSelection']);
    expect(new Set(audited.map((row) => row.actor))).toEqual(new Set(['api_key']));
  });

  it('records a staff member who chooses in the console by name; the deadline does not bind the company', async () => {
    const [member] = await t.app.database.db.select().from(staff).where(eq(staff.company_id, t.ids.acme.id)).orderBy(asc(staff.id)).limit(1);
    const session = (await t.app.staffSessions.create(member!.id, { now: START })).token;
    const late = await faucet({ deadline: '2026-11-01' });
    expect(late.status).toBe('past_deadline');
    const chosen = await call('POST', `/selections/${late.id}/choose`, { option_id: late.options[1]!.id }, session);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().choice).toMatchObject({
      chosen_by: 'company',
      signer_name: member!.name,
      signer_email: member!.email,
      staff_id: member!.id,
      api_key_id: null,
    });
    const other = await faucet();
    const wrong = await call('POST', `/selections/${late.id}/choose`, { option_id: other.options[0]!.id });
    expect(fields(wrong)).toEqual(['option_id']);
  });

  it('keeps an option that was ever chosen, and a selection with a choice, until the choice is reset', async () => {
    const selection = await faucet();
    const [chosen, spare] = selection.options;
    await call('POST', `/selections/${selection.id}/choose`, { option_id: chosen!.id });
    await call('POST', `/selections/${selection.id}/choose`, { option_id: spare!.id });
    const kept = await call('DELETE', `/selections/${selection.id}/options/${chosen!.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe('This option was chosen and cannot be deleted: reset the choice first.');
    expect((await call('DELETE', `/selections/${selection.id}`)).json().message).toBe(
      'This selection has a choice and cannot be deleted: reset the choice first.',
    );
    expect((await call('DELETE', `/selections/${selection.id}/options/${selection.options[2]!.id}`)).statusCode).toBe(204);

    const added = await call('POST', `/selections/${selection.id}/options`, { title: 'Bridge faucet', price: '480.00' });
    expect(added.statusCode, added.body).toBe(201);
    const edited = await call('PATCH', `/selections/${selection.id}/options/${added.json().id}`, { price: '495.5', description: 'Polished brass' });
    expect(edited.json()).toMatchObject({ price: '495.50', description: 'Polished brass', ever_chosen: false });
    const shown = (await call('GET', `/selections/${selection.id}`)).json() as IntegrationSelectionDetail;
    expect(shown.options.map((option) => [option.title, option.ever_chosen])).toEqual([
      ['Brushed nickel pull-down', true],
      ['Matte black pull-down', true],
      ['Bridge faucet', false],
    ]);

    await call('POST', `/selections/${selection.id}/reset`);
    expect((await call('DELETE', `/selections/${selection.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/selections/${selection.id}`)).statusCode).toBe(404);
  });

  it('takes at most six photos an option, stores none of a refused upload, and deletes a photo with its file', async () => {
    const selection = await faucet();
    const option = selection.options[0]!;
    const first = await photoUpload(selection.id, option.id, 4);
    expect(first.statusCode, first.body).toBe(201);
    const photos = first.json().data as { id: number; file: { id: number; image_url: string } }[];
    expect(photos).toHaveLength(4);
    expect(photos[0]!.file.image_url).toMatch(/^http:\/\/portal\.test\/api\/images\//);

    const filesBefore = (await t.app.database.db.select().from(files)).length;
    const tooMany = await photoUpload(selection.id, option.id, 3);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('An option may have at most 6 photos.');
    expect((await t.app.database.db.select().from(files)).length).toBe(filesBefore);

    expect((await call('DELETE', `/selections/${selection.id}/options/${option.id}/photos/${photos[0]!.id}`)).statusCode).toBe(204);
    expect((await t.app.database.db.select().from(files).where(eq(files.id, photos[0]!.file.id))).length).toBe(0);
    const shown = (await call('GET', `/selections/${selection.id}`)).json() as IntegrationSelectionDetail;
    expect(shown.options[0]!.photos.map((photo) => photo.id)).toEqual(photos.slice(1).map((photo) => photo.id));
    expect(shown.cover?.id).toBe(photos[1]!.file.id);
  });

  it('lists by project and status, and makes one selection however often a CRM retries with the same Idempotency-Key', async () => {
    const retry = { 'idempotency-key': 'selection-once' };
    const body = { project_id: projectId, title: 'Cabinet hardware', room: 'Kitchen' };
    const once = await call('POST', '/selections', body, acmeKey, retry);
    const again = await call('POST', '/selections', body, acmeKey, retry);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(once.json().id);
    const listed = (
      await call('GET', `/selections?filter[project_id]=${projectId}&filter[status]=to_choose&page[size]=100`)
    ).json() as IntegrationSelectionPage;
    expect(listed.data.filter((row) => row.title === 'Cabinet hardware').map((row) => row.id)).toEqual([once.json().id]);
    expect(listed.data.every((row) => row.status === 'to_choose')).toBe(true);
    const chosen = (await call('GET', `/selections?filter[project_id]=${projectId}&filter[status]=chosen&page[size]=100`)).json() as IntegrationSelectionPage;
    expect(chosen.data.length).toBeGreaterThan(0);
    expect(chosen.data.every((row) => row.status === 'chosen' && row.chosen !== null)).toBe(true);
  });
});

describe('scopes and other companies', () => {
  it("answers 404 for another company's selections and allowances on every route, and 403 to a key without the scope", async () => {
    const mine = await allowance('Mine', '10.00');
    const selection = await faucet({ allowance_id: mine.id });
    const option = selection.options[0]!;
    for (const [method, url, payload] of [
      ['GET', `/allowances/${mine.id}`],
      ['PATCH', `/allowances/${mine.id}`, { name: 'Theirs' }],
      ['DELETE', `/allowances/${mine.id}`],
      ['POST', `/allowances/${mine.id}/credit`],
      ['GET', `/selections/${selection.id}`],
      ['PATCH', `/selections/${selection.id}`, { title: 'Theirs' }],
      ['DELETE', `/selections/${selection.id}`],
      ['POST', `/selections/${selection.id}/options`, { title: 'Theirs', price: '1.00' }],
      ['PATCH', `/selections/${selection.id}/options/${option.id}`, { title: 'Theirs' }],
      ['DELETE', `/selections/${selection.id}/options/${option.id}`],
      ['POST', `/selections/${selection.id}/lock`],
      ['POST', `/selections/${selection.id}/choose`, { option_id: option.id }],
    ] as const) {
      const response = await call(method, url, payload, brightsideKey);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', `/selections/${selection.id}`)).json()).toMatchObject({ title: 'Kitchen faucet', status: 'to_choose' });

    expect((await call('GET', `/selections/${selection.id}`, undefined, readOnlyKey)).statusCode).toBe(200);
    expect((await call('POST', `/selections/${selection.id}/lock`, undefined, readOnlyKey)).statusCode).toBe(403);
    expect((await call('POST', '/allowances', { project_id: projectId, name: 'x', amount: '1' }, readOnlyKey)).statusCode).toBe(403);
  });
});
