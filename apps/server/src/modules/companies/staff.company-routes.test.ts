import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, multipartBody } from '../../../test/fixtures';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { projects, staff } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** A company's staff through its API key (docs/company-api.md, "Staff"). */

const t = useDemoApp();
let key: string;
let reader: string;
let dana: number;
let omar: number;
let priya: number;
let kitchen: number;

beforeAll(async () => {
  const db = t.app.database.db;
  key = (await apiKeysRepository(db).create(t.ids.acme.id, 'crm')).key;
  reader = (await apiKeysRepository(db).create(t.ids.acme.id, 'reader', { scopes: ['staff:read'] })).key;
  const rows = await db.select().from(staff);
  [dana, omar, priya] = ['Dana Whitfield', 'Omar Haddad', 'Priya Natarajan'].map((name) => rows.find((row) => row.name === name)!.id) as [
    number,
    number,
    number,
  ];
  kitchen = (await db.select().from(projects).where(eq(projects.name, 'Kitchen remodel')))[0]!.id;
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, as = key) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

describe('staff', () => {
  it("lists the company's own staff, owners marked, with filters and paging", async () => {
    const page = (await call('GET', '/api/integration/staff?sort=name')).json();
    expect(page.data.map((member: { name: string; role: string }) => [member.name, member.role])).toEqual([
      ['Dana Whitfield', 'owner'],
      ['Omar Haddad', 'staff'],
    ]);
    expect(page.total).toBe(2);
    expect((await call('GET', '/api/integration/staff?filter[updated_since]=2099-01-01T00:00:00Z')).json().data).toEqual([]);
    expect((await call('GET', '/api/integration/staff?filter[active]=maybe')).statusCode).toBe(400);
    expect((await call('GET', `/api/integration/staff/${priya}`)).statusCode).toBe(404);
  });

  it('adds a member, refusing an email an active member has, and changes one', async () => {
    const created = await call('POST', '/api/integration/staff', { name: 'Lee Park', email: 'Lee@Acme.example', title: 'Estimator' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Lee Park', email: 'lee@acme.example', role: 'staff', active: true, avatar_url: null });
    const twice = await call('POST', '/api/integration/staff', { name: 'Other Lee', email: 'lee@acme.example' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ email: ['Another active staff member of the company has this email.'] });
    const changed = await call('PATCH', `/api/integration/staff/${created.json().id}`, { role: 'owner', phone: '(512) 555-0100' });
    expect(changed.json()).toMatchObject({ role: 'owner', phone: '(512) 555-0100', title: 'Estimator' });
    const bad = await call('PATCH', `/api/integration/staff/${created.json().id}`, { role: 'boss', name: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'role']);
  });

  it('deactivates a member: their notes keep their name, but they sign no new note', async () => {
    const deactivated = await call('POST', `/api/integration/staff/${omar}/deactivate`);
    expect(deactivated.json()).toMatchObject({ active: false, deactivated_at: expect.any(String) });
    const note = await call('POST', `/api/integration/projects/${kitchen}/notes`, { body: 'From Omar', author_staff_id: omar });
    expect(note.statusCode).toBe(422);
    expect(note.json().errors).toEqual({ author_staff_id: ['The author must be an active staff member of the company.'] });
    expect((await call('GET', '/api/integration/staff?filter[active]=false')).json().data.map((member: { id: number }) => member.id)).toEqual([omar]);
    expect((await call('POST', `/api/integration/staff/${omar}/reactivate`)).json().active).toBe(true);
    expect((await call('POST', `/api/integration/projects/${kitchen}/notes`, { body: 'From Omar', author_staff_id: omar })).statusCode).toBe(201);
  });

  it('sets a picture the portal shows beside their notes, served publicly until replaced', async () => {
    const body = multipartBody([{ name: 'file', filename: 'dana.png', contentType: 'image/png', data: await imageBytes('png', 64, 64) }]);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/integration/staff/${dana}/avatar`,
      headers: { ...body.headers, ...bearer(key) },
      payload: body.payload,
    });
    expect(set.statusCode).toBe(200);
    const url = set.json().avatar_url as string;
    expect(url).toMatch(/^http:\/\/portal\.test\/api\/avatars\/\d+$/);
    expect((await t.app.inject({ method: 'GET', url: url.replace('http://portal.test', '') })).headers['content-type']).toBe('image/png');
    const removed = await call('DELETE', `/api/integration/staff/${dana}/avatar`);
    expect(removed.json().avatar_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: url.replace('http://portal.test', '') })).statusCode).toBe(404);
  });

  it('needs staff:write to change anyone', async () => {
    expect((await call('GET', '/api/integration/staff', undefined, reader)).statusCode).toBe(200);
    const refused = await call('POST', '/api/integration/staff', { name: 'Nope' }, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API key lacks the scope staff:write.');
  });
});
