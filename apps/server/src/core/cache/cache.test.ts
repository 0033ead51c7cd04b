import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changesSettled, createTestApp, TEST_DB } from '../../../test/helpers';
import { useDemoApp } from '../../../test/suite';
import { companies, projects, sessions } from '../../db/schema';
import { CACHED_ANSWER_TABLES } from './tables';
import { bearer, signInDemo } from '../../../test/portal-users';

/**
 * The response and session caches (decisions 025 and 029) as a user meets them: a repeated read is
 * answered from memory, any change in the database, however it was written, shows on the next read,
 * and a change empties only the answers that show what changed.
 */

const LIST = '/api/entities?include=model,company,model.cover_photo';

let clock = new Date('2026-06-01T12:00:10Z');
const t = useDemoApp({ now: () => clock });

const get = (url: string, token = t.casey) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const sessionId = (token: string) => Number(token.split('.')[0]);

describe('the response cache', () => {
  it('answers a repeated read from memory, byte for byte', async () => {
    const first = await get(LIST);
    const hits = t.app.responses.stats.hits;
    const second = await get(LIST);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(t.app.responses.stats.hits).toBe(hits + 1);
  });

  it('shows a project renamed straight in the database on the next read', async () => {
    const project = (await get(LIST)).json().data[0].model;
    await get(LIST);
    await t.database.db.update(projects).set({ name: 'Renamed behind the API' }).where(eq(projects.id, project.id));
    await changesSettled(t.app);
    expect((await get(LIST)).json().data[0].model.name).toBe('Renamed behind the API');
  });

  it('drops the cover photos and hides the area once a company stops sharing albums', async () => {
    const entity = t.ids.caseyEntities.find((row) => row.company_id === t.ids.acme.id)!;
    const url = `/api/entities/${entity.id}?include=model,company`;
    const before = (await get(url)).json();
    expect(before.model.cover_photo).not.toBeNull();
    await get(`/api/companies/${t.ids.acme.id}`);
    await t.database.db.update(companies).set({ is_portal_album_sharing_enabled: false }).where(eq(companies.id, t.ids.acme.id));
    await changesSettled(t.app);
    const after = (await get(url)).json();
    expect(after.model.cover_photo).toBeNull();
    expect(after.company.is_portal_album_sharing_enabled).toBe(false);
    expect((await get(`/api/companies/${t.ids.acme.id}`)).json().is_portal_album_sharing_enabled).toBe(false);
    await t.database.db.update(companies).set({ is_portal_album_sharing_enabled: true }).where(eq(companies.id, t.ids.acme.id));
    await changesSettled(t.app);
  });

  it("never hands one user's answer to another asking the same URL", async () => {
    const caseys = (await get(LIST, t.casey)).json();
    const nicos = (await get(LIST, t.nico)).json();
    expect(nicos.data.map((entity: { portal_user_id: number }) => entity.portal_user_id)).toEqual(nicos.data.map(() => t.ids.nico.id));
    expect(caseys.data.map((entity: { portal_user_id: number }) => entity.portal_user_id)).toEqual(caseys.data.map(() => t.ids.casey.id));
  });

  it('makes fresh signed URLs when their window rolls over', async () => {
    const entity = t.ids.caseyEntities.find((row) => row.company_id === t.ids.acme.id)!;
    const url = `/api/entities/${entity.id}?include=model`;
    const before = (await get(url)).json().model.cover_photo.url;
    expect((await get(url)).json().model.cover_photo.url).toBe(before);
    clock = new Date(clock.getTime() + 30 * 60_000);
    const after = (await get(url)).json().model.cover_photo.url;
    expect(after).not.toBe(before);
    // The proxy draws only listed variants: the one the project card asks for.
    expect((await t.app.inject({ method: 'GET', url: `${new URL(after).pathname}${new URL(after).search}&v=project-cover&d=1&f=webp` })).statusCode).toBe(200);
  });

  it('answers a very long URL but does not keep it: keys count against the memory budget', async () => {
    const long = `/api/companies/${t.ids.acme.id}?include=${Array.from({ length: 120 }, () => 'portal_theme').join(',')}`;
    expect(long.length).toBeGreaterThan(1024);
    const hits = t.app.responses.stats.hits;
    for (let i = 0; i < 2; i++) expect((await get(long)).statusCode).toBe(200);
    expect(t.app.responses.stats.hits).toBe(hits);
  });

  it('never keeps a refused query', async () => {
    const hits = t.app.responses.stats.hits;
    for (let i = 0; i < 2; i++) expect((await get('/api/entities?sort=name')).statusCode).toBe(400);
    expect(t.app.responses.stats.hits).toBe(hits);
  });
});

describe('what a write empties', () => {
  it('keeps the answers of other companies, projects and users when one project changes', async () => {
    const brightside = t.ids.caseyEntities.find((row) => row.company_id !== t.ids.acme.id)!;
    const caseyRecord = `/api/entities/${brightside.id}?include=model`;
    await get(caseyRecord);
    await get(LIST, t.nico);
    await get(LIST, t.nico);
    const [project] = await t.database.db.select().from(projects).where(eq(projects.id, brightside.model_id));
    await t.database.db.update(projects).set({ name: 'Lake house, phase 2' }).where(eq(projects.id, project!.id));
    await changesSettled(t.app);
    const hits = t.app.responses.stats.hits;
    // Nico sees only Acme: his list is still answered from memory …
    await get(LIST, t.nico);
    expect(t.app.responses.stats.hits).toBe(hits + 1);
    // … while the Brightside project's record is read again, with its new name.
    const fresh = await get(caseyRecord);
    expect(t.app.responses.stats.hits).toBe(hits + 1);
    expect(fresh.json().model.name).toBe('Lake house, phase 2');
    await t.database.db.update(projects).set({ name: project!.name }).where(eq(projects.id, project!.id));
    await changesSettled(t.app);
  });

  it("puts a trigger on exactly the tables the cache lists, naming each one's scope column", async () => {
    const result = await t.database.db.execute(
      sql`select c.relname as "table", pg_get_triggerdef(t.oid) as "definition" from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where not t.tgisinternal and pg_get_triggerdef(t.oid) like '%portal_notify_row_scope%' order by 1`,
    );
    const rows = (result as unknown as { rows: { table: string; definition: string }[] }).rows;
    const found = Object.fromEntries(rows.map((row) => [row.table, /portal_notify_row_scope\('(\w+)'\)/.exec(row.definition)?.[1]]));
    expect(found).toEqual(Object.fromEntries(Object.entries(CACHED_ANSWER_TABLES).map(([table, { column }]) => [table, column])));
    for (const row of rows) expect(row.definition).toContain('FOR EACH ROW');
  });
});

describe('the session cache', () => {
  it('signs a session out on its next request once it is revoked straight in the database', async () => {
    const token = await signInDemo(t.app, 0);
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ revoked_at: clock })
      .where(eq(sessions.id, sessionId(token)));
    await changesSettled(t.app);
    expect((await get('/api/auth/me', token)).statusCode).toBe(401);
  });

  it('signs a session out once its row is deleted', async () => {
    const token = await signInDemo(t.app, 1);
    expect((await get(LIST, token)).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.id, sessionId(token)));
    await changesSettled(t.app);
    expect((await get(LIST, token)).statusCode).toBe(401);
  });

  it('still writes the last use at most a minute apart, and keeps the idle limit', async () => {
    const token = await signInDemo(t.app, 0);
    const lastUsed = async () =>
      (
        await t.database.db
          .select({ at: sessions.last_used_at })
          .from(sessions)
          .where(eq(sessions.id, sessionId(token)))
      )[0]!.at.getTime();
    const signedInAt = clock.getTime();
    expect(await lastUsed()).toBe(signedInAt);
    clock = new Date(signedInAt + 59_000);
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(signedInAt);
    clock = new Date(signedInAt + 61_000);
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(signedInAt + 61_000);
    // Seven idle days (SESSION_IDLE_DAYS) after that use, the session is over, cached or not.
    clock = new Date(signedInAt + 61_000 + 7 * 86_400_000 + 1);
    expect((await get('/api/auth/me', token)).statusCode).toBe(401);
  });
});

describe('with API_CACHE_MB=0', () => {
  it('reads the database every time', async () => {
    const off = await createTestApp({ seed: true, env: { API_CACHE_MB: '0' } });
    try {
      const token = await signInDemo(off.app, 0);
      const read = () => off.app.inject({ method: 'GET', url: LIST, headers: bearer(token) });
      const project = (await read()).json().data[0].model;
      await off.database.db.update(projects).set({ name: 'No cache' }).where(eq(projects.id, project.id));
      expect((await read()).json().data[0].model.name).toBe('No cache');
      expect(off.app.responses.stats.hits).toBe(0);
      expect(off.app.changes.live).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe.runIf(TEST_DB === 'postgres')('when the listening connection drops (PostgreSQL)', () => {
  it('serves nothing from memory until it listens again', async () => {
    const waitFor = async (live: boolean) => {
      for (let i = 0; i < 100 && t.app.changes.live !== live; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(t.app.changes.live).toBe(live);
    };
    // The clock moved on in the tests above: a fresh sign-in.
    const token = await signInDemo(t.app, 0);
    const read = () => get(LIST, token);
    await read();
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`);
    await waitFor(false);
    const hits = t.app.responses.stats.hits;
    // A change made while nobody listens still shows.
    const deaf = await read();
    expect(deaf.statusCode, deaf.body).toBe(200);
    const project = deaf.json().data[0].model;
    await t.database.db.update(projects).set({ name: 'While deaf' }).where(eq(projects.id, project.id));
    expect((await read()).json().data[0].model.name).toBe('While deaf');
    expect(t.app.responses.stats.hits).toBe(hits);
    await waitFor(true);
    await read();
    await read();
    expect(t.app.responses.stats.hits).toBe(hits + 1);
  });
});
