import { PREVIEW_READ_ONLY_MESSAGE, PREVIEW_TTL_MINUTES } from '@portal/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp, useFrozenClock } from '../../../test/suite';
import { DEMO_USERS } from '../../seed/index';
import { contactMessages, notes, portalEntities, sessions, staff } from '../../db/schema';
import { linkAccess } from '../../core/files/access';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** "Preview as customer" (docs/staff-console.md): a staff member sees the portal as a customer does, and writes nothing. */

const clock = useFrozenClock();
const t = useDemoApp();
let acmeKey: string;
/** Console tokens: Dana of Acme, Priya of Brightside. */
let dana: string;
let danaId: number;
let priya: string;
/** Casey's Acme project: the project id and what Casey's portal calls it. */
let project: number;
let entity: number;
/** Casey's own session; the devices test signs the first one out. */
let caseyNow: string;

beforeAll(async () => {
  const db = t.app.database.db;
  acmeKey = (await apiKeysRepository(db).create(t.ids.acme.id, 'crm')).key;
  const members = await db.select().from(staff);
  const member = (name: string) => members.find((row) => row.name === name)!;
  danaId = member('Dana Whitfield').id;
  dana = (await t.app.staffSessions.create(danaId, { now: t.app.now() })).token;
  priya = (await t.app.staffSessions.create(member('Priya Natarajan').id, { now: t.app.now() })).token;
  const caseyAtAcme = t.ids.caseyEntities.find((row) => row.company_id === t.ids.acme.id)!;
  project = caseyAtAcme.model_id;
  entity = caseyAtAcme.id;
  caseyNow = t.casey;
});

const preview = (token: string, body: object) => t.app.inject({ method: 'POST', url: '/api/staff/previews', headers: bearer(token), payload: body });

async function previewToken(userId = t.ids.casey.id, projectId = project) {
  const response = await preview(dana, { project_id: projectId, portal_user_id: userId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().token as string;
}

describe('opening a preview', () => {
  it('answers a portal session of the customer on that project, for an hour', async () => {
    const response = await preview(dana, { project_id: project, portal_user_id: t.ids.casey.id });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      token: expect.any(String),
      expires_at: new Date(t.app.now().getTime() + PREVIEW_TTL_MINUTES * 60_000).toISOString().replace(/\.\d{3}Z$/, '.000000Z'),
      project_id: project,
      entity_id: entity,
      portal_user: { id: t.ids.casey.id, email: t.ids.casey.email, first_name: 'Casey', last_name: 'Morgan' },
    });
    const [row] = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, Number(response.json().token.split('.')[0])));
    expect(row).toMatchObject({ portal_user_id: t.ids.casey.id, preview_staff_id: danaId, staff_id: null });
  });

  it("refuses another company's project or customer (404), a project not shared with the customer (422) and bad ids (422)", async () => {
    // Nico is Acme's customer only; Casey's Acme project is not Brightside's.
    expect((await preview(priya, { project_id: project, portal_user_id: t.ids.casey.id })).statusCode).toBe(404);
    expect(
      (await preview(priya, { project_id: t.ids.caseyEntities.find((row) => row.company_id === t.ids.brightside.id)!.model_id, portal_user_id: t.ids.nico.id }))
        .statusCode,
    ).toBe(404);
    expect((await preview(dana, { project_id: 999_999, portal_user_id: t.ids.casey.id })).statusCode).toBe(404);
    const notShared = await preview(dana, { project_id: project, portal_user_id: t.ids.nico.id });
    expect(notShared.statusCode).toBe(422);
    expect(notShared.json().errors).toEqual({ portal_user_id: ['This project is not shared with this customer.'] });
    const bad = await preview(dana, { project_id: 'x', portal_user_id: -1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['portal_user_id', 'project_id']);
    expect((await t.app.database.db.select({ n: count() }).from(sessions).where(eq(sessions.preview_staff_id, danaId)))[0]!.n).toBe(1);
  });

  it('is a console route: a portal session, a preview or an API key is 401', async () => {
    const body = { project_id: project, portal_user_id: t.ids.casey.id };
    expect((await preview(t.casey, body)).statusCode).toBe(401);
    expect((await preview(await previewToken(), body)).statusCode).toBe(401);
    expect((await preview(acmeKey, body)).statusCode).toBe(401);
  });
});

describe('inside a preview', () => {
  it('reads as the customer', async () => {
    const token = await previewToken();
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect((await get('/api/auth/me')).json()).toMatchObject({ id: t.ids.casey.id });
    for (const url of [
      `/api/entities/${entity}`,
      `/api/notes?entity=${entity}`,
      `/api/entities/${entity}/documents`,
      '/api/account/notifications',
      `/api/contact?entity=${entity}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    // Still the portal's side: the console and the company API refuse it.
    expect((await get('/api/staff/auth/me')).statusCode).toBe(401);
    expect((await get(`/api/integration/projects/${project}`)).statusCode).toBe(401);
  });

  it("reads only the previewing company's part of a customer several companies share, whatever else the customer sees", async () => {
    // Casey is a customer of Acme and of Brightside: Dana (Acme) previews Casey.
    const token = await previewToken();
    const get = (url: string, as = token) => t.app.inject({ method: 'GET', url, headers: bearer(as) });
    const own = (await get('/api/entities?include=model,company', t.casey)).json().data as { id: number; company_id: number }[];
    expect(new Set(own.map((row) => row.company_id))).toEqual(new Set([t.ids.acme.id, t.ids.brightside.id]));
    const listed = (await get('/api/entities?include=model,company')).json();
    expect(listed.data.map((row: { id: number }) => row.id)).toEqual(own.filter((row) => row.company_id === t.ids.acme.id).map((row) => row.id));
    expect(listed.total).toBe(listed.data.length);
    expect(JSON.stringify(listed)).not.toContain(t.ids.brightside.name);
    // Asking for Brightside by filter finds nothing, rather than Brightside's projects.
    expect((await get(`/api/entities?filter[company_id]=${t.ids.brightside.id}`)).json().data).toEqual([]);

    const elsewhere = t.ids.caseyEntities.find((row) => row.company_id === t.ids.brightside.id)!.id;
    for (const url of [
      `/api/entities/${elsewhere}?include=model,company`,
      `/api/companies/${t.ids.brightside.id}`,
      `/api/notes?entity=${elsewhere}`,
      `/api/entities/${elsewhere}/albums`,
      `/api/entities/${elsewhere}/documents`,
      `/api/entities/${elsewhere}/invoices`,
      `/api/entities/${elsewhere}/statement`,
      `/api/entities/${elsewhere}/proposals`,
      `/api/calendar?entity=${elsewhere}`,
      `/api/contact?entity=${elsewhere}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
      // The customer's own session still reads each of them (the area may be off: 404 both ways is no proof).
      if ((await get(url, t.casey)).statusCode !== 200) expect(url).toMatch(/albums|documents|invoices|statement|proposals|calendar/);
    }
    expect((await get(`/api/companies/${t.ids.acme.id}`)).statusCode).toBe(200);
    const contact = (await get('/api/contact/companies')).json().data as { company: { id: number } }[];
    expect(contact.map((item) => item.company.id)).toEqual([t.ids.acme.id]);
    // When and where the customer signs in, and their calendar feed of every company, are not the company's to read.
    expect((await get('/api/auth/sessions')).json().data).toEqual([]);
    expect((await get('/api/auth/sessions', t.casey)).json().data.length).toBeGreaterThan(0);
  });

  it("does not open another company's files through a link, even one signed for the preview", async () => {
    const token = await previewToken();
    const sessionId = Number(token.split('.')[0]);
    const db = t.app.database.db;
    const fileOf = async (companyId: number) =>
      (
        (await db.execute(
          sql`select d.file_id as id from documents d
              join portal_entities e on e.model_id = d.project_id and e.company_id = d.company_id and e.portal_user_id = ${t.ids.casey.id}
              where d.is_shared and d.company_id = ${companyId} limit 1`,
        )) as unknown as { rows: { id: number }[] }
      ).rows[0]?.id;
    const [acmeFile, brightsideFile] = [await fileOf(t.ids.acme.id), await fileOf(t.ids.brightside.id)];
    const casey = Number(t.casey.split('.')[0]);
    const links = linkAccess(db);
    for (const fileId of [acmeFile, brightsideFile].filter((id) => id !== undefined)) {
      const companyOf = fileId === acmeFile ? t.ids.acme.id : t.ids.brightside.id;
      expect(await links.file(fileId!, { kind: 'portal', sessionId: casey }), `file ${fileId}`).not.toBeNull();
      expect((await links.file(fileId!, { kind: 'portal', sessionId })) !== null, `file ${fileId}`).toBe(companyOf === t.ids.acme.id);
    }
    expect([acmeFile, brightsideFile]).not.toContain(undefined);
  });

  it('refuses every write of the portal with 403, whatever the route, and writes nothing', async () => {
    const token = await previewToken();
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const writes: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (/^\/api\/(integration|staff|operator)\//.test(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        if (method === 'get' || (Array.isArray(operation.security) && operation.security.length === 0)) continue;
        if (path === '/api/auth/logout') continue;
        writes.push(`${method.toUpperCase()} ${path}`);
      }
    }
    // Each kind the portal has: notes, mark-read, uploads, contact, account, devices.
    expect(writes).toEqual(
      expect.arrayContaining([
        'POST /api/notes',
        'PUT /api/notes/read',
        'POST /api/entities/{entity}/documents',
        'POST /api/contact/messages',
        'PATCH /api/account',
        'POST /api/account/password',
        'POST /api/account/email',
        'PATCH /api/account/notifications',
        'DELETE /api/auth/sessions',
        'DELETE /api/auth/sessions/{id}',
      ]),
    );
    const db = t.app.database.db;
    const notesBefore = (await db.select({ n: count() }).from(notes))[0]!.n;
    const messagesBefore = (await db.select({ n: count() }).from(contactMessages))[0]!.n;
    for (const write of writes) {
      const [method, path] = write.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const url = `${path.replace(/\{entity\}/g, String(entity)).replace(/\{[a-zA-Z]+\}/g, '1')}?entity=${entity}`;
      const response = await t.app.inject({ method, url, headers: bearer(token), payload: { body: 'Hello', entity, message: 'Hi', first_name: 'X' } });
      expect(response.statusCode, write).toBe(403);
      expect(response.json(), write).toEqual({ message: PREVIEW_READ_ONLY_MESSAGE });
    }
    expect((await db.select({ n: count() }).from(notes))[0]!.n).toBe(notesBefore);
    expect((await db.select({ n: count() }).from(contactMessages))[0]!.n).toBe(messagesBefore);
    // The same writes with the customer's own session are not refused.
    expect((await t.app.inject({ method: 'PUT', url: `/api/notes/read?entity=${entity}`, headers: bearer(t.casey), payload: {} })).statusCode).not.toBe(403);
  });

  it("is not one of the customer's devices, nor their sign-in", async () => {
    const db = t.app.database.db;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/integration/portal-users',
      headers: bearer(acmeKey),
      payload: { email: 'fresh@example.com', first_name: 'Fresh' },
    });
    const fresh = added.json().id as number;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/integration/projects/${project}/shares`, headers: bearer(acmeKey), payload: { portal_user_id: fresh } }))
        .statusCode,
    ).toBe(200);
    const token = await previewToken(fresh);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    const customer = (await t.app.inject({ method: 'GET', url: `/api/integration/portal-users/${fresh}`, headers: bearer(acmeKey) })).json();
    expect(customer).toMatchObject({ last_sign_in_at: null, activated_at: null });
    const shares = (await t.app.inject({ method: 'GET', url: `/api/integration/projects/${project}/shares`, headers: bearer(acmeKey) })).json();
    expect(shares.data.find((share: { portal_user: { id: number } }) => share.portal_user.id === fresh).last_sign_in_at).toBeNull();

    const caseyPreview = await previewToken();
    const devices = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(t.casey) })).json().data as { id: number }[];
    expect(devices.map((device) => device.id)).not.toContain(Number(caseyPreview.split('.')[0]));
    // "Sign out everywhere else" ends the customer's devices, not the staff member's preview.
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: t.ids.casey.email, password: DEMO_USERS[0].password },
        remoteAddress: '203.0.113.9',
      })
    ).json().token;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: bearer(other) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(caseyPreview) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${caseyPreview.split('.')[0]}`, headers: bearer(other) })).statusCode).toBe(404);
    caseyNow = other;
    expect(
      await db
        .select()
        .from(portalEntities)
        .where(and(eq(portalEntities.portal_user_id, fresh), eq(portalEntities.model_id, project))),
    ).toHaveLength(1);
  });

  it('leaves an invoice unviewed', async () => {
    const token = await previewToken();
    const list = await t.app.inject({ method: 'GET', url: `/api/entities/${entity}/invoices`, headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    const invoices = (await t.app.inject({ method: 'GET', url: `/api/integration/invoices?filter[project_id]=${project}`, headers: bearer(acmeKey) })).json()
      .data as { id: number; viewed_at: string | null }[];
    const unviewed = invoices.find((invoice) => invoice.viewed_at === null);
    expect(unviewed).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/entities/${entity}/invoices/${unviewed!.id}`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/integration/invoices/${unviewed!.id}`, headers: bearer(acmeKey) })).json().viewed_at).toBeNull();
  });
});

describe('ending a preview', () => {
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  it('ends with sign-out, the one write it may make', async () => {
    const token = await previewToken();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(caseyNow)).statusCode).toBe(200);
  });

  it('expires after an hour, however busy', async () => {
    const token = await previewToken();
    for (let minute = 0; minute < PREVIEW_TTL_MINUTES - 1; minute += 10) {
      clock.advance(10 * 60_000);
      expect((await me(token)).statusCode).toBe(200);
    }
    clock.advance(10 * 60_000);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(caseyNow)).statusCode).toBe(200);
  });

  it('ends when the staff member signs out everywhere, and when they are deactivated', async () => {
    const first = await previewToken();
    const console = (await t.app.staffSessions.create(danaId, { now: t.app.now() })).token;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/staff/auth/sessions', headers: bearer(console) })).statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);

    dana = (await t.app.staffSessions.create(danaId, { now: t.app.now() })).token;
    const second = await previewToken();
    // Read once, so the session is in the cache a request is served from for the next minute.
    expect((await me(second)).statusCode).toBe(200);
    const deactivate = (action: string) => t.app.inject({ method: 'POST', url: `/api/integration/staff/${danaId}/${action}`, headers: bearer(acmeKey) });
    expect((await deactivate('deactivate')).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await deactivate('reactivate')).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
  });
});
