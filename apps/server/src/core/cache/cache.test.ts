import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changesSettled, TEST_DB } from '../../../test/helpers';
import { useDemoApp } from '../../../test/suite';
import { companies, projects, sessions } from '../../db/schema';
import { CACHED_SESSION_TABLES } from './tables';
import { bearer, signInDemo } from '../../../test/portal-users';

/**
 * What the portal's hot reads show after a change written straight in the database (no answer is
 * kept: docs/decisions/071-no-response-cache.md), and the session cache (decision 025), which
 * follows every change to sessions and users however it was written.
 */

const LIST = '/api/entities?include=model,company,model.cover_photo';

let clock = new Date('2026-06-01T12:00:10Z');
const t = useDemoApp({ now: () => clock });

const get = (url: string, token = t.casey) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const sessionId = (token: string) => Number(token.split('.')[0]);

describe('the hot reads', () => {
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
});

describe('the change triggers', () => {
  it('notify only of writes the session cache listens for (the response cache and its row triggers are gone)', async () => {
    const result = await t.database.db.execute(
      sql`select c.relname as "table", t.tgname as "name" from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where not t.tgisinternal and pg_get_triggerdef(t.oid) like '%portal_notify%' order by 1, 2`,
    );
    const rows = (result as unknown as { rows: { table: string; name: string }[] }).rows;
    expect([...new Set(rows.map((row) => row.table))]).toEqual([...CACHED_SESSION_TABLES].sort());
    const functions = await t.database.db.execute(sql`select proname from pg_proc where proname like 'portal_notify%' order by 1`);
    expect((functions as unknown as { rows: { proname: string }[] }).rows.map((row) => row.proname)).toEqual([
      'portal_notify_session_change',
      'portal_notify_table_change',
    ]);
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

describe.runIf(TEST_DB === 'postgres')('when the listening connection drops (PostgreSQL)', () => {
  it('verifies every session in the database until it listens again', async () => {
    const waitFor = async (live: boolean) => {
      for (let i = 0; i < 100 && t.app.changes.live !== live; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(t.app.changes.live).toBe(live);
    };
    // The clock moved on in the tests above: a fresh sign-in.
    const token = await signInDemo(t.app, 0);
    expect((await get(LIST, token)).statusCode).toBe(200);
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`);
    await waitFor(false);
    // A revocation nobody hears still shows: the cached session is not used while the feed is deaf.
    await t.database.db
      .update(sessions)
      .set({ revoked_at: clock })
      .where(eq(sessions.id, sessionId(token)));
    expect((await get(LIST, token)).statusCode).toBe(401);
    await waitFor(true);
  });
});
