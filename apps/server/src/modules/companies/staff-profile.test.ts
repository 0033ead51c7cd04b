import type { IntegrationStaff, NotePage } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, multipartBody } from '../../../test/fixtures';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { auditLog, staff } from '../../db/schema';

/**
 * "Your profile" in the console (docs/staff-console.md): every member, owner or staff, changes their own name, title,
 * phone and picture; their role, email and whether they are active stay with the owners' Staff page.
 */

const t = useDemoApp();
let dana: { id: number; token: string }; // an owner, the kitchen's rep
let omar: { id: number; token: string }; // a member of staff

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/staff/me', headers: bearer(token) });
const patch = (token: string, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/staff/me', headers: bearer(token), payload });
const row = async (id: number) => (await t.app.database.db.select().from(staff).where(eq(staff.id, id)))[0]!;

beforeAll(async () => {
  const session = async (email: string) => {
    const [member] = await t.app.database.db.select().from(staff).where(eq(staff.email, email));
    return { id: member!.id, token: (await t.app.staffSessions.create(member!.id, { now: new Date() })).token };
  };
  dana = await session('dana@acme-builders.example.com');
  omar = await session('omar@acme-builders.example.com');
});

describe('your profile', () => {
  it('shows the signed-in member as customers see them', async () => {
    const response = await me(omar.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: omar.id, name: 'Omar Haddad', title: 'Site Supervisor', phone: '(512) 555-0168', role: 'staff' });
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: bearer(t.casey) })).statusCode).toBe(401);
  });

  it('lets a member of staff, not only an owner, change their own name, title and phone', async () => {
    const response = await patch(omar.token, { name: '  Omar H. Haddad ', title: 'Site lead', phone: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Omar H. Haddad', title: 'Site lead', phone: null, role: 'staff', active: true });
    expect(await row(omar.id)).toMatchObject({ name: 'Omar H. Haddad', title: 'Site lead', phone: null });
    // What is left out stays.
    expect((await patch(omar.token, { phone: '(512) 555-0199' })).json()).toMatchObject({
      name: 'Omar H. Haddad',
      title: 'Site lead',
      phone: '(512) 555-0199',
    });
    // The change is in the audit log, by the member themself.
    const [entry] = await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'updateStaffProfile'));
    expect(entry).toMatchObject({ actor_kind: 'staff', actor_id: omar.id });
  });

  it("lets an owner rename themself, and customers see the new name on the owner's notes", async () => {
    expect((await patch(dana.token, { name: 'Dana Whitfield-Reyes' })).statusCode).toBe(200);
    const kitchen = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.acme.id)!.id;
    const thread = (await t.app.inject({ method: 'GET', url: `/api/notes?entity=${kitchen}&page[size]=100`, headers: bearer(t.casey) })).json() as NotePage;
    const names = new Set(thread.data.filter((note) => note.author.type === 'staff').map((note) => note.author.name));
    expect(names).toContain('Dana Whitfield-Reyes');
    expect(names).not.toContain('Dana Whitfield');
  });

  it('refuses a change of role, email or activity, and an empty name, with 422, changing nothing', async () => {
    const before = await row(omar.id);
    for (const payload of [
      { role: 'owner' },
      { email: 'omar@elsewhere.example' },
      { active: false },
      { deactivated_at: '2026-01-01T00:00:00Z' },
      { name: '' },
      { name: 'x'.repeat(201) },
    ]) {
      const response = await patch(omar.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().message).toBe('The given data was invalid.');
    }
    expect(await row(omar.id)).toEqual(before);
    // Nor through the company's own staff route: a member of staff may not manage staff, themself included.
    const promoted = await t.app.inject({ method: 'PATCH', url: `/api/integration/staff/${omar.id}`, headers: bearer(omar.token), payload: { role: 'owner' } });
    expect(promoted.statusCode).toBe(403);
    expect((await row(omar.id)).role).toBe('staff');
  });

  it('sets and removes their own picture, an image only', async () => {
    const upload = multipartBody([{ name: 'file', filename: 'me.png', data: await imageBytes('png', 96, 96) }]);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/me/avatar',
      headers: { ...upload.headers, ...bearer(omar.token) },
      payload: upload.payload,
    });
    expect(set.statusCode, set.body).toBe(200);
    const avatarUrl = (set.json() as IntegrationStaff).avatar_url!;
    expect(avatarUrl).toMatch(/^http:\/\/portal\.test\/api\/avatars\/\d+$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(avatarUrl).pathname });
    expect(served.statusCode).toBe(200);

    const text = multipartBody([{ name: 'file', filename: 'me.png', data: Buffer.from('not an image') }]);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/me/avatar',
      headers: { ...text.headers, ...bearer(omar.token) },
      payload: text.payload,
    });
    expect([415, 422]).toContain(refused.statusCode);
    expect((await me(omar.token)).json().avatar_url).toBe(avatarUrl);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/staff/me/avatar', headers: bearer(omar.token) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().avatar_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: new URL(avatarUrl).pathname })).statusCode).toBe(404);
  });
});
