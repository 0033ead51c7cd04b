import { ALL_SCOPES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/portal-users';
import { useDemoApp } from '../../test/suite';
import { notes, projects } from '../db/schema';
import { apiKeysRepository } from '../modules/integration/api-keys.repository';

/** What an API key may do: its scopes, its expiry, and which kind of caller each route accepts (docs/requirements.md 18). */

const t = useDemoApp();
let kitchenProject: number;

beforeAll(async () => {
  const [kitchen] = await t.app.database.db.select().from(projects).where(eq(projects.name, 'Kitchen remodel'));
  kitchenProject = kitchen!.id;
});

const postNote = (key: string, body: string) =>
  t.app.inject({ method: 'POST', url: `/api/integration/projects/${kitchenProject}/notes`, headers: bearer(key), payload: { body } });
const notesSaying = async (body: string) => (await t.app.database.db.select().from(notes).where(eq(notes.body, body))).length;

describe('scopes', () => {
  it('refuses a route whose scope the key lacks with 403 naming the scope, and writes nothing', async () => {
    const { key } = await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'reader', { scopes: ['notes:read', 'company:write'] });
    const response = await postNote(key, 'Needs notes:write');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This API key lacks the scope notes:write.' });
    expect(await notesSaying('Needs notes:write')).toBe(0);
  });

  it('lets the same route through once the key has the scope', async () => {
    const { key } = await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'writer', { scopes: ['notes:write'] });
    expect((await postNote(key, 'Has notes:write')).statusCode).toBe(201);
    expect(await notesSaying('Has notes:write')).toBe(1);
  });

  it('gives a key made without scopes every scope', async () => {
    const { id } = await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'everything');
    const [row] = (await apiKeysRepository(t.app.database.db).list(t.ids.acme.id)).filter((key) => key.id === id);
    expect(new Set(row!.scopes)).toEqual(new Set(ALL_SCOPES));
  });
});

describe('which caller a route accepts', () => {
  it('refuses an expired key with 401, as a revoked one', async () => {
    const now = t.app.now();
    const keys = apiKeysRepository(t.app.database.db);
    const live = await keys.create(t.ids.acme.id, 'live', { expiresAt: new Date(now.getTime() + 60_000) });
    const expired = await keys.create(t.ids.acme.id, 'expired', { expiresAt: new Date(now.getTime() - 1) });
    expect((await postNote(live.key, 'Before expiry')).statusCode).toBe(201);
    expect((await postNote(expired.key, 'After expiry')).statusCode).toBe(401);
    expect(await notesSaying('After expiry')).toBe(0);
  });

  it("refuses a portal user's session on an integration route and an API key on a portal route, with 401", async () => {
    expect((await postNote(t.casey, 'From a session')).statusCode).toBe(401);
    const { key } = await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'portal');
    const onPortal = await t.app.inject({ method: 'GET', url: '/api/entities', headers: bearer(key) });
    expect(onPortal.statusCode).toBe(401);
    expect(await notesSaying('From a session')).toBe(0);
  });
});
