import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { accounts, albums, photos, projects, projectStatuses } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/**
 * What the staff console's projects pages ask of the company API (docs/staff-console.md, "Projects"): a searchable,
 * sortable list with each project's account, status and last activity; a project made with a new account in one
 * request; the cover chosen from the project's photos.
 */

const t = useDemoApp();
let key: string;
let kitchen: number;
let garage: number;

type Listed = {
  id: number;
  name: string | null;
  number: string | null;
  financials_balance_amount: string | null;
  account?: { name: string } | null;
  status?: { name: string } | null;
  last_activity_at?: string;
};

beforeAll(async () => {
  const db = t.app.database.db;
  key = (await apiKeysRepository(db).create(t.ids.acme.id, 'console')).key;
  kitchen = (await db.select().from(projects).where(eq(projects.name, 'Kitchen remodel')))[0]!.id;
  garage = (await db.select().from(albums).where(eq(albums.name, 'Before')))[0]!.project_id;
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
const list = async (query: string): Promise<Listed[]> => {
  const response = await call('GET', `/api/integration/projects?page[size]=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('the project list', () => {
  it('embeds the account and status, and appends the last activity, only when asked', async () => {
    const plain = await list('');
    expect(plain[0]).not.toHaveProperty('account');
    expect(plain[0]).not.toHaveProperty('last_activity_at');
    const rich = await list('include=account,status&append=last_activity_at');
    const row = rich.find((project) => project.id === kitchen)!;
    expect(row.account?.name).toBeTruthy();
    expect(row.status?.name).toBeTruthy();
    expect(row.last_activity_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await call('GET', '/api/integration/projects?include=company')).statusCode).toBe(400);
  });

  it('finds text in the name, the number or the account name, case aside', async () => {
    const [account] = await t.app.database.db.select().from(accounts).where(eq(accounts.company_id, t.ids.acme.id));
    const created = await call('POST', '/api/integration/projects', { name: 'Sunroom', number: 'ZZ-77_1', account_id: account!.id });
    expect(created.statusCode).toBe(201);
    expect((await list('filter[search]=sunROOM')).map((project) => project.name)).toEqual(['Sunroom']);
    expect((await list('filter[search]=zz-77_1')).map((project) => project.name)).toEqual(['Sunroom']);
    // `_` is a literal here, not a wildcard.
    expect(await list('filter[search]=ZZ-7711')).toEqual([]);
    const byAccount = await list(`filter[search]=${encodeURIComponent(account!.name.toUpperCase())}&include=account`);
    expect(byAccount.length).toBeGreaterThan(0);
    expect(byAccount.every((project) => project.account?.name === account!.name || project.name?.includes(account!.name))).toBe(true);
    await call('DELETE', `/api/integration/projects/${created.json().id}`);
  });

  it('sorts by balance, customer and status, with projects lacking one last either way', async () => {
    const none = (await call('POST', '/api/integration/projects', { name: 'No balance yet' })).json();
    for (const sort of ['balance', '-balance']) {
      const rows = await list(`sort=${sort}`);
      const balances = rows.map((project) => project.financials_balance_amount);
      expect(balances.at(-1)).toBeNull();
      const known = balances.filter((value): value is string => value !== null).map(Number);
      expect(known).toEqual([...known].sort((a, b) => (sort === 'balance' ? a - b : b - a)));
    }
    const customers = (await list('sort=-customer&include=account')).map((project) => project.account?.name ?? null);
    expect(customers.at(-1)).toBeNull();
    const named = customers.filter((name): name is string => name !== null).map((name) => name.toLowerCase());
    expect(named).toEqual([...named].sort().reverse());

    const statuses = await t.app.database.db.select().from(projectStatuses).where(eq(projectStatuses.company_id, t.ids.acme.id));
    const position = new Map(statuses.map((status) => [status.name, status.position]));
    const byStatus = (await list('sort=status&include=status')).map((project) => project.status?.name ?? null);
    const positions = byStatus.filter((name): name is string => name !== null).map((name) => position.get(name)!);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(byStatus.at(-1)).toBeNull();
    await call('DELETE', `/api/integration/projects/${none.id}`);
  });

  it('sorts by last activity: a new note puts its project first', async () => {
    const before = await list('sort=-last_activity_at&append=last_activity_at');
    const target = before.at(-1)!;
    expect((await call('POST', `/api/integration/projects/${target.id}/notes`, { body: 'Crew booked', shared_with_portal: false })).statusCode).toBe(201);
    const after = await list('sort=-last_activity_at&append=last_activity_at');
    expect(after[0]!.id).toBe(target.id);
    const moments = after.map((project) => project.last_activity_at!);
    expect(moments).toEqual([...moments].sort().reverse());
  });
});

describe('a project with a new account', () => {
  it('finds accounts by name or email', async () => {
    await call('POST', '/api/integration/accounts', { name: 'Quentin Blake', email: 'qb@drawings.example.com' });
    const names = async (text: string) =>
      (await call('GET', `/api/integration/accounts?filter[search]=${text}`)).json().data.map((row: { name: string }) => row.name);
    expect(await names('quentin')).toEqual(['Quentin Blake']);
    expect(await names('DRAWINGS')).toEqual(['Quentin Blake']);
  });

  it('makes both in one request', async () => {
    const created = await call('POST', '/api/integration/projects', {
      name: 'Attic insulation',
      account: { name: 'Rosa Diaz', email: 'rosa@example.com', phone_cell: '(512) 555-0110', billing_address_street: '3 Pine St' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const account = (await call('GET', `/api/integration/accounts/${created.json().account_id}`)).json();
    expect(account).toMatchObject({ name: 'Rosa Diaz', email: 'rosa@example.com', billing_address_street: '3 Pine St' });
    const changed = await call('PATCH', `/api/integration/projects/${created.json().id}`, { account: { name: 'Rosa and Jake Diaz' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().account_id).not.toBe(account.id);
  });

  it('leaves no account behind when the project is refused', async () => {
    const count = async () => (await t.app.database.db.select().from(accounts).where(eq(accounts.name, 'Left Behind'))).length;
    const badAccount = await call('POST', '/api/integration/projects', { name: 'Refused', account: { name: 'Left Behind', email: 'not-an-email' } });
    expect(badAccount.statusCode).toBe(422);
    expect(Object.keys(badAccount.json().errors)).toEqual(['account.email']);
    const foreignStatus = (await t.app.database.db.select().from(projectStatuses).where(eq(projectStatuses.company_id, t.ids.brightside.id)))[0]!.id;
    const badProject = await call('POST', '/api/integration/projects', { name: 'Refused', status_id: foreignStatus, account: { name: 'Left Behind' } });
    expect(badProject.statusCode).toBe(422);
    expect(Object.keys(badProject.json().errors)).toEqual(['status_id']);
    const both = await call('POST', '/api/integration/projects', { name: 'Refused', account_id: 1, account: { name: 'Left Behind' } });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(both.json().errors)).toEqual(['account']);
    // A refused cover undoes the whole update, the new account included.
    const refusedCover = await call('PATCH', `/api/integration/projects/${kitchen}`, {
      name: 'Renamed',
      account: { name: 'Left Behind' },
      cover_photo_id: 2_000_000_000,
    });
    expect(refusedCover.statusCode).toBe(422);
    expect(await count()).toBe(0);
    expect((await call('GET', `/api/integration/projects/${kitchen}`)).json().name).toBe('Kitchen remodel');
    expect(await t.app.database.db.select().from(projects).where(eq(projects.name, 'Refused'))).toEqual([]);
  });
});

describe('the cover photo', () => {
  const albumsOf = (projectId: number) => t.app.database.db.select().from(albums).where(eq(albums.project_id, projectId)).orderBy(albums.position, albums.id);
  const photoOf = async (albumName: string, index: number) => {
    const [album] = await t.app.database.db
      .select()
      .from(albums)
      .where(and(eq(albums.project_id, kitchen), eq(albums.name, albumName)));
    return (await t.app.database.db.select().from(photos).where(eq(photos.album_id, album!.id)).orderBy(photos.position, photos.id))[index]!;
  };

  it('makes a photo of a shared album the cover, its album first', async () => {
    const photo = await photoOf('Cabinets and counters', 1);
    const before = (await albumsOf(kitchen)).map((album) => album.name);
    expect(before[0]).toBe('Demolition');
    const changed = await call('PATCH', `/api/integration/projects/${kitchen}`, { cover_photo_id: photo.id });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await albumsOf(kitchen)).map((album) => album.name);
    expect(after).toEqual(['Cabinets and counters', ...before.filter((name) => name !== 'Cabinets and counters')]);
    const read = (await call('GET', `/api/integration/projects/${kitchen}?include=cover_photo`)).json();
    expect(read.cover_photo).toMatchObject({ id: photo.id, url: expect.stringContaining('/api/images/') });
    // The customer's project shows the same cover.
    const entities = (await t.app.inject({ method: 'GET', url: '/api/entities?include=model,model.cover_photo', headers: bearer(t.casey) })).json();
    const entity = entities.data.find((item: { model: { id: number } | null }) => item.model?.id === kitchen);
    expect(entity.model.cover_photo.id).toBe(photo.id);
  });

  it('refuses a photo the customers cannot see, or of another project, and changes nothing', async () => {
    const before = await albumsOf(kitchen);
    const hidden = await photoOf('Estimate walkthrough (internal)', 0);
    const refused = await call('PATCH', `/api/integration/projects/${kitchen}`, { cover_photo_id: hidden.id, name: 'Not saved' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.cover_photo_id[0]).toContain('shared album');
    const otherProject = await call('PATCH', `/api/integration/projects/${garage}`, { cover_photo_id: (await photoOf('Demolition', 0)).id });
    expect(otherProject.statusCode).toBe(422);
    expect(otherProject.json().errors.cover_photo_id[0]).toContain('project’s photos');
    const [lakeHouseAlbum] = await t.app.database.db.select().from(albums).where(eq(albums.name, 'Tile choices'));
    const [foreign] = await t.app.database.db.select().from(photos).where(eq(photos.album_id, lakeHouseAlbum!.id));
    expect((await call('PATCH', `/api/integration/projects/${kitchen}`, { cover_photo_id: foreign!.id })).statusCode).toBe(422);
    expect(await albumsOf(kitchen)).toEqual(before);
    expect((await call('GET', `/api/integration/projects/${kitchen}`)).json().name).toBe('Kitchen remodel');
  });
});
