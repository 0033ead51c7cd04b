import type { InboxItem, InboxPage } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pdfBytes } from '../../../test/fixtures';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { auditLog, staff } from '../../db/schema';

/** The console's inbox (docs/decisions/050-inbox.md): customers' notes, uploads and messages, read per member. */

const t = useDemoApp();
let alice: string;
let bob: string;
let other: string;
let kitchen: { entity: number; project: number };
let lakeHouse: number;

const inbox = async (token: string, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/staff/inbox${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InboxPage;
};
const unread = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/staff/inbox/unread', headers: bearer(token) })).json().unread as number;
const read = (token: string, kind: string, id: number) => t.app.inject({ method: 'POST', url: `/api/staff/inbox/${kind}/${id}/read`, headers: bearer(token) });
const find = (page: InboxPage, kind: string, id: number) => page.data.find((item: InboxItem) => item.kind === kind && item.id === id);

async function session(companyId: number, index = 0) {
  const members = await t.app.database.db
    .select()
    .from(staff)
    .where(and(eq(staff.company_id, companyId), isNull(staff.deactivated_at)))
    .orderBy(staff.id);
  return (await t.app.staffSessions.create(members[index]!.id, { now: new Date() })).token;
}

beforeAll(async () => {
  alice = await session(t.ids.acme.id, 0);
  bob = await session(t.ids.acme.id, 1);
  other = await session(t.ids.brightside.id, 0);
  const entity = t.ids.caseyEntities.find((row) => row.company_id === t.ids.acme.id)!;
  kitchen = { entity: entity.id, project: entity.model_id };
  lakeHouse = t.ids.caseyEntities.find((row) => row.company_id === t.ids.brightside.id)!.id;
  await t.app.inject({ method: 'POST', url: '/api/staff/inbox/read-all', headers: bearer(alice) });
  await t.app.inject({ method: 'POST', url: '/api/staff/inbox/read-all', headers: bearer(bob) });
  await t.app.inject({ method: 'POST', url: '/api/staff/inbox/read-all', headers: bearer(other) });
});

describe('the inbox', () => {
  let noteId: number;
  let documentId: number;
  let messageId: number;

  it("lists a customer's note, upload and message, newest first, unread for every member", async () => {
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/notes?entity=${kitchen.entity}`,
      headers: bearer(t.casey),
      payload: { body: 'Can we move the island 10 cm?' },
    });
    expect(note.statusCode, note.body).toBe(201);
    noteId = note.json().id;
    const body = multipartBody([{ name: 'file', filename: 'permit.pdf', data: await pdfBytes() }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/entities/${kitchen.entity}/documents`,
      headers: { ...body.headers, ...bearer(t.casey) },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    documentId = (upload.json().data?.[0] ?? upload.json()).id;
    const message = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages',
      headers: bearer(t.casey),
      payload: { entity: kitchen.entity, subject: 'Tiles', message: 'Which grout colour?' },
    });
    expect(message.statusCode, message.body).toBe(201);
    const page = await inbox(alice);
    expect(page.data.slice(0, 3).map((item) => item.kind)).toEqual(['message', 'document', 'note']);
    messageId = page.data[0]!.id;
    expect(find(page, 'note', noteId)).toMatchObject({
      project: { id: kitchen.project },
      from: { id: t.ids.casey.id, name: expect.any(String) },
      excerpt: 'Can we move the island 10 cm?',
      read: false,
    });
    expect(find(page, 'document', documentId)).toMatchObject({ excerpt: 'permit.pdf', read: false });
    expect(find(page, 'message', messageId)).toMatchObject({ excerpt: 'Tiles: Which grout colour?', read: false });
    expect(page.unread).toBe(3);
    expect(await unread(alice)).toBe(3);
    expect(await unread(bob)).toBe(3);
  });

  it('marks an item read for the member who opened it only, and writes no audit row for it', async () => {
    const audited = (await t.app.database.db.select().from(auditLog)).length;
    expect((await read(alice, 'note', noteId)).statusCode).toBe(204);
    expect((await read(alice, 'note', noteId)).statusCode).toBe(204);
    expect(find(await inbox(alice), 'note', noteId)!.read).toBe(true);
    expect(await unread(alice)).toBe(2);
    expect(await unread(bob)).toBe(3);
    expect((await inbox(alice, '?filter[read]=false')).data.map((item) => item.kind)).toEqual(['message', 'document']);
    expect((await t.app.database.db.select().from(auditLog)).length).toBe(audited);
  });

  it('marks everything read at once; what arrives later is unread', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/inbox/read-all', headers: bearer(bob) })).statusCode).toBe(204);
    expect(await unread(bob)).toBe(0);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/notes?entity=${kitchen.entity}`,
      headers: bearer(t.casey),
      payload: { body: 'One more thing' },
    });
    expect(note.statusCode).toBe(201);
    expect(await unread(bob)).toBe(1);
    expect(find(await inbox(bob), 'note', note.json().id)!.read).toBe(false);
  });

  it("never shows another company's items, and answers 404 for one of them", async () => {
    const theirs = await t.app.inject({ method: 'POST', url: `/api/notes?entity=${lakeHouse}`, headers: bearer(t.casey), payload: { body: 'Dock question' } });
    expect(theirs.statusCode).toBe(201);
    const mine = await inbox(alice, '?page[size]=100');
    expect(find(mine, 'note', theirs.json().id)).toBeUndefined();
    expect(find(await inbox(other), 'note', theirs.json().id)).toBeDefined();
    expect(find(await inbox(other, '?page[size]=100'), 'note', noteId)).toBeUndefined();
    expect((await read(alice, 'note', theirs.json().id)).statusCode).toBe(404);
    expect((await read(other, 'message', messageId)).statusCode).toBe(404);
  });

  it('refuses a portal session, an API key, a bad kind and a bad filter', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/inbox', headers: bearer(t.casey) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/inbox/photo/${noteId}/read`, headers: bearer(alice) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/inbox/note/01/read', headers: bearer(alice) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/inbox?filter[read]=maybe', headers: bearer(alice) })).statusCode).toBe(400);
  });
});
