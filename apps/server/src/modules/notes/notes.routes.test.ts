import { NOTE_BODY_MAX_LENGTH, NotePageSchema, type Note, type NotePage, type NoteReadState } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/suite';
import { companies, notes, noteThreads, portalEntities, projects, staff } from '../../db/schema';
import { bearer } from '../../../test/portal-users';
import { HTML_BYTES, imageBytes, multipartBody, pdfBytes } from '../../../test/fixtures';
import { apiKeysRepository } from '../integration/api-keys.repository';

/**
 * The notes of docs/requirements.md 11.3: isolation, internal notes, the switch, the limits and bad input, all
 * through the real routes on the demo seed.
 */

const t = useDemoApp({ mail: true });
let kitchen: number; // Casey's entity for the kitchen remodel
let lakeHouse: number; // Casey's entity at Brightside
let deck: number; // Nico's entity
let kitchenProject: number;
let acmeKey: string;
let brightsideKey: string;

const NOT_FOUND = { message: 'Not found.' };

/** The list skips the per-request zod pass (decision 016), so every 200 it answers is parsed here with the contract's schema. */
async function list(token: string, query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/notes?${query}`, headers: bearer(token) });
  if (response.statusCode === 200) expect(NotePageSchema.strict().parse(response.json())).toEqual(response.json());
  return response;
}
const post = (token: string, entity: number, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/notes?entity=${entity}`, headers: bearer(token), payload: payload as object });
const companyNote = (key: string, projectId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/integration/projects/${projectId}/notes`, headers: bearer(key), payload });

async function everyShared(token: string, entity: number): Promise<Note[]> {
  const response = await list(token, `entity=${entity}&page[size]=100`);
  expect(response.statusCode).toBe(200);
  return (response.json() as NotePage).data;
}

beforeAll(async () => {
  const db = t.app.database.db;
  const [kitchenRow] = await db.select().from(projects).where(eq(projects.name, 'Kitchen remodel'));
  kitchenProject = kitchenRow!.id;
  kitchen = t.ids.caseyEntities.find((entity) => entity.model_id === kitchenProject)!.id;
  lakeHouse = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.brightside.id)!.id;
  deck = t.ids.nicoEntities[0]!.id;
  acmeKey = (await apiKeysRepository(db).create(t.ids.acme.id, 'test')).key;
  brightsideKey = (await apiKeysRepository(db).create(t.ids.brightside.id, 'test')).key;
});

describe('reading the thread', () => {
  it('lists the demo thread newest first, with authors, and none of its internal notes', async () => {
    const response = await list(t.casey, `entity=${kitchen}`);
    expect(response.statusCode).toBe(200);
    const page = response.json() as NotePage;
    const all = await t.app.database.db.select().from(notes).where(eq(notes.project_id, kitchenProject));
    const shared = all.filter((note) => note.shared_with_portal);
    expect(all.length - shared.length).toBeGreaterThan(0);
    expect(page.total).toBe(shared.length);
    expect(page.data.map((note) => note.id)).toEqual(shared.map((note) => note.id).sort((a, b) => b - a));
    const internalBodies = all.filter((note) => !note.shared_with_portal).map((note) => note.body);
    for (const note of page.data) expect(internalBodies).not.toContain(note.body);

    const dana = page.data.find((note) => note.author.name === 'Dana Whitfield')!;
    expect(dana.author).toMatchObject({ type: 'staff', title: 'Project Manager', avatar_url: 'http://portal.test/brand/avatars/dana.svg' });
    expect(dana.is_own).toBe(false);
    const own = page.data.find((note) => note.author.type === 'portal_user')!;
    expect(own).toMatchObject({ is_own: true, author: { name: 'Casey Morgan', avatar_url: null } });
  });

  it('shows the demo thread with photos and an inspection report attached, each one served by its link', async () => {
    const thread = await everyShared(t.casey, kitchen);
    const attached = thread.flatMap((note) => note.attachments.map((file) => ({ note: note.body.slice(0, 12), file })));
    expect(attached.map(({ note, file }) => `${note}: ${file.name}`).sort()).toEqual([
      'Demo is done: kitchen-after-demo.jpg',
      'Demo is done: sink-wall.jpg',
      'Rough plumbi: rough-in-inspection.pdf',
      'So exciting!: cabinets.jpg',
    ]);
    for (const { file } of attached) {
      const served = await t.app.inject({ method: 'GET', url: file.url.replace('http://portal.test', '') });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(file.name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg');
    }
  });

  it('leaves staff pictures out where the company switched profile pictures off', async () => {
    const page = await everyShared(t.casey, lakeHouse);
    const priya = page.find((note) => note.author.type === 'staff')!;
    expect(priya.author).toMatchObject({ name: 'Priya Natarajan', avatar_url: null });
  });

  it('pages through a growing thread without skipping or repeating a note', async () => {
    const first = (await list(t.casey, `entity=${kitchen}&page[size]=5`)).json() as NotePage;
    expect(first.data).toHaveLength(5);
    expect(first.next_page_url).toMatch(/before=\d+/);
    // A note arrives while the reader scrolls up: the pages already handed out stay put.
    expect((await companyNote(acmeKey, kitchenProject, { body: 'Arrived mid-scroll', author_staff_id: await staffId('Dana Whitfield') })).statusCode).toBe(201);
    const seen = [...first.data];
    let next = first.next_page_url;
    while (next) {
      const response = await t.app.inject({ method: 'GET', url: next.replace('http://portal.test', ''), headers: bearer(t.casey) });
      expect(response.statusCode).toBe(200);
      const page = response.json() as NotePage;
      seen.push(...page.data);
      next = page.next_page_url;
    }
    const seenIds = seen.map((note) => note.id);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    expect(seenIds).toEqual([...seenIds].sort((a, b) => b - a));
    expect(seenIds).toHaveLength(first.total);
    expect(seen.some((note) => note.body === 'Arrived mid-scroll')).toBe(false);
  });

  it('answers what is new with since, shared notes only', async () => {
    const newest = (await everyShared(t.casey, kitchen))[0]!.id;
    const dana = await staffId('Dana Whitfield');
    await companyNote(acmeKey, kitchenProject, { body: 'Only for the office', author_staff_id: dana, shared_with_portal: false });
    await companyNote(acmeKey, kitchenProject, { body: 'Tile arrives Friday', author_staff_id: dana });
    const response = await list(t.casey, `entity=${kitchen}&since=${newest}`);
    const page = response.json() as NotePage;
    expect(page.data.map((note) => note.body)).toEqual(['Tile arrives Friday']);
    expect(page.total).toBe(1);
  });

  it('answers one shared note, and 404 for an internal one or one of another project', async () => {
    const [internal] = await t.app.database.db.select().from(notes).where(eq(notes.shared_with_portal, false)).limit(1);
    const [shared] = await everyShared(t.casey, kitchen);
    const one = await t.app.inject({ method: 'GET', url: `/api/notes/${shared!.id}?entity=${kitchen}`, headers: bearer(t.casey) });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(shared);
    for (const url of [`/api/notes/${internal!.id}?entity=${kitchen}`, `/api/notes/${shared!.id}?entity=${lakeHouse}`, `/api/notes/99999?entity=${kitchen}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(t.casey) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it('counts unread notes by others, never internal ones, and moves the mark forward only', async () => {
    const readState = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/notes/read?entity=${kitchen}`, headers: bearer(t.casey) })).json() as NoteReadState;
    const thread = await everyShared(t.casey, kitchen);
    const byOthers = thread.filter((note) => !note.is_own).length;
    expect(await readState()).toEqual({ last_read_note_id: null, unread_count: byOthers });

    const mark = (id: number) =>
      t.app.inject({ method: 'PUT', url: `/api/notes/read?entity=${kitchen}`, headers: bearer(t.casey), payload: { last_read_note_id: id } });
    expect((await mark(thread[0]!.id)).json()).toEqual({ last_read_note_id: thread[0]!.id, unread_count: 0 });
    await companyNote(acmeKey, kitchenProject, { body: 'internal again', shared_with_portal: false });
    expect((await readState()).unread_count).toBe(0);
    await companyNote(acmeKey, kitchenProject, { body: 'Signed by the company' });
    expect((await readState()).unread_count).toBe(1);
    // Going back is ignored: another tab cannot undo what this one read.
    expect((await mark(thread[3]!.id)).json()).toMatchObject({ last_read_note_id: thread[0]!.id });

    const [internal] = await t.app.database.db.select().from(notes).where(eq(notes.shared_with_portal, false)).limit(1);
    const refused = await mark(internal!.id);
    expect(refused.statusCode).toBe(422);
  });

  it('signs a note of the company with the company name', async () => {
    const [newest] = await everyShared(t.casey, kitchen);
    expect(newest!.author).toEqual({ type: 'company', id: null, name: 'Acme Builders', title: null, avatar_url: null });
  });
});

describe('isolation and the switch', () => {
  const routes = (entity: number, noteId: number) => [
    { method: 'GET' as const, url: `/api/notes?entity=${entity}` },
    { method: 'GET' as const, url: `/api/notes?entity=${entity}&since=1` },
    { method: 'GET' as const, url: `/api/notes/${noteId}?entity=${entity}` },
    { method: 'GET' as const, url: `/api/notes/read?entity=${entity}` },
    { method: 'PUT' as const, url: `/api/notes/read?entity=${entity}`, payload: { last_read_note_id: noteId } },
    { method: 'POST' as const, url: `/api/notes?entity=${entity}`, payload: { body: 'Hello' } },
  ];

  it("answers 404 for another user's project on every route, exactly as for one that does not exist", async () => {
    const [note] = await everyShared(t.casey, kitchen);
    for (const entity of [kitchen, 987654]) {
      for (const route of routes(entity, note!.id)) {
        const response = await t.app.inject({ ...route, headers: bearer(t.nico) });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    }
    expect((await everyShared(t.nico, deck)).every((note) => note.project_id !== kitchenProject)).toBe(true);
  });

  it('answers 404 on every notes route while the company has notes switched off, and again 200 when it is back on', async () => {
    const [note] = await everyShared(t.casey, kitchen);
    const db = t.app.database.db;
    await db.update(companies).set({ is_portal_project_notes_enabled: false }).where(eq(companies.id, t.ids.acme.id));
    try {
      for (const route of routes(kitchen, note!.id)) {
        const response = await t.app.inject({ ...route, headers: bearer(t.casey) });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
      // A bad body changes nothing: the switch answers first.
      expect((await post(t.casey, kitchen, { body: '' })).statusCode).toBe(404);
      // Brightside's notes are still on.
      expect((await list(t.casey, `entity=${lakeHouse}`)).statusCode).toBe(200);
    } finally {
      await db.update(companies).set({ is_portal_project_notes_enabled: true }).where(eq(companies.id, t.ids.acme.id));
    }
    expect((await list(t.casey, `entity=${kitchen}`)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/notes?entity=${kitchen}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('posting a note', () => {
  it('answers 201 with the note once it is written, and emails the primary rep, escaped', async () => {
    const body = 'Can we add <b>under-cabinet</b> lights? <script>alert(1)</script>\nSecond line & more';
    const response = await post(t.casey, kitchen, { body });
    expect(response.statusCode).toBe(201);
    const note = response.json() as Note;
    expect(note).toMatchObject({ body, is_own: true, author: { type: 'portal_user', name: 'Casey Morgan' }, attachments: [] });
    expect((await everyShared(t.casey, kitchen))[0]!.id).toBe(note.id);
    // Stored exactly as typed: the text is never rewritten, only ever shown as text.
    const [row] = await t.app.database.db.select().from(notes).where(eq(notes.id, note.id));
    expect(row!.body).toBe(body);

    const mail = await t.smtp.waitFor((message) => message.subject.includes('New note from Casey Morgan'));
    expect(mail.to).toEqual(['dana@acme-builders.example.com']);
    expect(mail.subject).toBe('New note from Casey Morgan on Kitchen remodel (ACM-1042)');
    expect(mail.headers['reply-to']).toContain('customer@example.com');
    expect(mail.text).toContain('Can we add <b>under-cabinet</b> lights?');
    expect(mail.html).toContain('&lt;b&gt;under-cabinet&lt;/b&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('takes exactly 10,000 characters and refuses 10,001', async () => {
    const longest = 'x'.repeat(NOTE_BODY_MAX_LENGTH);
    expect((await post(t.casey, kitchen, { body: longest })).statusCode).toBe(201);
    const tooLong = await post(t.casey, kitchen, { body: `${longest}y` });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { body: ['The note may not be longer than 10,000 characters.'] },
    });
  });

  it('refuses an empty note, a blank one, a NUL, and a body that is not text, with 422', async () => {
    for (const payload of [{ body: '' }, { body: ' \n\t ' }, { body: 'a\u0000b' }, { body: 42 }, {}, { body: 'ok', client_id: 'not-a-uuid' }]) {
      const response = await post(t.casey, kitchen, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys((response.json() as { errors: object }).errors).length).toBeGreaterThan(0);
    }
  });

  it('refuses a missing or bad entity and unknown parameters with 400', async () => {
    for (const url of ['/api/notes', '/api/notes?entity=abc', `/api/notes?entity=${kitchen}&sort=id`, `/api/notes?entity=${kitchen}&since=-1`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(t.casey) });
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('writes a note sent twice with the same client_id once', async () => {
    const clientId = '4b0b0d3e-6a6a-4c7e-9a43-1f0e5d1c2b3a';
    const before = (await list(t.casey, `entity=${kitchen}`)).json() as NotePage;
    const first = await post(t.casey, kitchen, { body: 'Sent on a shaky connection', client_id: clientId });
    const again = await post(t.casey, kitchen, { body: 'Sent on a shaky connection', client_id: clientId });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const after = (await list(t.casey, `entity=${kitchen}`)).json() as NotePage;
    expect(after.total).toBe(before.total + 1);
    // The same id for another project is refused rather than silently matched.
    expect((await post(t.casey, lakeHouse, { body: 'x', client_id: clientId })).statusCode).toBe(422);
  });

  it('keeps the thread count exact under concurrent writers', async () => {
    const before = (await list(t.casey, `entity=${kitchen}`)).json() as NotePage;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 3 === 0
          ? companyNote(acmeKey, kitchenProject, { body: `office ${index}`, shared_with_portal: index % 2 === 0 })
          : post(t.casey, kitchen, { body: `burst ${index}` }),
      ),
    );
    expect(results.map((response) => response.statusCode).every((status) => status === 201)).toBe(true);
    const after = (await list(t.casey, `entity=${kitchen}&page[size]=100`)).json() as NotePage;
    const shared = await t.app.database.db.select().from(notes).where(eq(notes.project_id, kitchenProject));
    expect(after.total).toBe(shared.filter((note) => note.shared_with_portal).length);
    expect(after.total).toBe(before.total + 10);
    const [thread] = await t.app.database.db.select().from(noteThreads).where(eq(noteThreads.project_id, kitchenProject));
    expect(thread!.internal_count).toBe(shared.filter((note) => !note.shared_with_portal).length);
  });
});

describe('attachments', () => {
  const upload = (entity: number, parts: Parameters<typeof multipartBody>[0]) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({ method: 'POST', url: `/api/notes?entity=${entity}`, headers: { ...bearer(t.casey), ...headers }, payload });
  };

  it('takes images and PDFs, told by their bytes, and shows them with the note', async () => {
    const png = await imageBytes('png', 120, 80);
    const pdf = await pdfBytes('Site plan');
    const response = await upload(kitchen, [
      { name: 'body', value: 'Photos of the water stain, and the plan' },
      { name: 'files', filename: 'stain.png', contentType: 'image/png', data: png },
      { name: 'files', filename: 'plan.pdf', contentType: 'application/pdf', data: pdf },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const note = response.json() as Note;
    expect(note.attachments).toHaveLength(2);
    expect(note.attachments[0]).toMatchObject({ name: 'stain.png', kind: 'png', content_type: 'image/png', width: 120, height: 80, size: png.length });
    expect(note.attachments[1]).toMatchObject({ name: 'plan.pdf', kind: 'pdf', image_url: null });
    // The signed URL serves the very bytes, to anyone holding it (an <img> sends no token).
    const image = await t.app.inject({ method: 'GET', url: note.attachments[0]!.url.replace('http://portal.test', '') });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
    const listed = (await everyShared(t.casey, kitchen)).find((item) => item.id === note.id)!;
    expect(listed.attachments.map((file) => file.name)).toEqual(['stain.png', 'plan.pdf']);
    const mail = await t.smtp.waitFor((message) => message.text?.includes('Photos of the water stain') ?? false);
    expect(mail.text).toContain('Attached: stain.png, plan.pdf');
  });

  it('refuses a file whose bytes are not an image or a PDF, whatever its name says', async () => {
    const before = (await list(t.casey, `entity=${kitchen}`)).json() as NotePage;
    const response = await upload(kitchen, [
      { name: 'body', value: 'Sneaky' },
      { name: 'files', filename: 'photo.png', contentType: 'image/png', data: HTML_BYTES },
    ]);
    expect(response.statusCode).toBe(422);
    expect((response.json() as { errors: Record<string, string[]> }).errors.files).toBeDefined();
    expect(((await list(t.casey, `entity=${kitchen}`)).json() as NotePage).total).toBe(before.total);
  });

  it('takes 5 attachments and refuses 6', async () => {
    const png = await imageBytes('png', 8, 8);
    const files = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: 'files', filename: `p${index}.png`, contentType: 'image/png', data: png }));
    expect((await upload(kitchen, [{ name: 'body', value: 'Five' }, ...files(5)])).statusCode).toBe(201);
    const six = await upload(kitchen, [{ name: 'body', value: 'Six' }, ...files(6)]);
    expect(six.statusCode).toBe(413);
    expect((await everyShared(t.casey, kitchen)).some((note) => note.body === 'Six')).toBe(false);
  });

  it('refuses a file over 10 MB', async () => {
    const pdf = await pdfBytes('big');
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length, 0x20)]);
    const response = await upload(kitchen, [
      { name: 'body', value: 'Too big' },
      { name: 'files', filename: 'big.pdf', contentType: 'application/pdf', data: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect((await everyShared(t.casey, kitchen)).some((note) => note.body === 'Too big')).toBe(false);
  });

  it('refuses an empty note body with attachments, and keeps none of the files', async () => {
    const png = await imageBytes('png', 8, 8);
    const response = await upload(kitchen, [
      { name: 'body', value: '   ' },
      { name: 'files', filename: 'p.png', contentType: 'image/png', data: png },
    ]);
    expect(response.statusCode).toBe(422);
  });
});

describe('the integration API and the portal keep their credentials apart', () => {
  it('refuses an API key on portal routes and a portal session on integration routes', async () => {
    expect((await list(acmeKey, `entity=${kitchen}`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(acmeKey) })).statusCode).toBe(401);
    expect((await companyNote(t.casey, kitchenProject, { body: 'x' })).statusCode).toBe(401);
    expect((await companyNote('ppk_1_' + 'a'.repeat(43), kitchenProject, { body: 'x' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/integration/projects/${kitchenProject}/notes`, payload: { body: 'x' } })).statusCode).toBe(401);
  });

  it('keeps a company to its own projects and staff, and stops a revoked key', async () => {
    expect((await companyNote(brightsideKey, kitchenProject, { body: 'Not ours' })).statusCode).toBe(404);
    const priya = await staffId('Priya Natarajan');
    const wrongAuthor = await companyNote(acmeKey, kitchenProject, { body: 'x', author_staff_id: priya });
    expect(wrongAuthor.statusCode).toBe(422);
    const { id, key } = await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'revoked');
    expect((await companyNote(key, kitchenProject, { body: 'Before revoking' })).statusCode).toBe(201);
    await apiKeysRepository(t.app.database.db).revoke(id);
    expect((await companyNote(key, kitchenProject, { body: 'After revoking' })).statusCode).toBe(401);
  });

  it('emails every customer the project is shared with, each alone and with a link to their own thread', async () => {
    const [shared] = await t.app.database.db
      .insert(portalEntities)
      .values({ portal_user_id: t.ids.nico.id, company_id: t.ids.acme.id, model_type: 'project', model_id: kitchenProject })
      .returning({ id: portalEntities.id });
    try {
      const dana = await staffId('Dana Whitfield');
      const response = await companyNote(acmeKey, kitchenProject, { body: 'Grout colour is <Charcoal>', author_staff_id: dana });
      expect(response.statusCode).toBe(201);
      const toCasey = await t.smtp.waitFor((mail) => mail.to.includes(t.ids.casey.email) && (mail.text ?? '').includes('Grout colour'));
      const toNico = await t.smtp.waitFor((mail) => mail.to.includes(t.ids.nico.email) && (mail.text ?? '').includes('Grout colour'));
      expect(toCasey.to).toEqual([t.ids.casey.email]);
      expect(toNico.to).toEqual([t.ids.nico.email]);
      expect(toCasey.subject).toBe('New note from Dana Whitfield on Kitchen remodel (ACM-1042)');
      expect(toCasey.text).toContain(`http://portal.test/notes?entity=${kitchen}`);
      expect(toNico.text).toContain(`http://portal.test/notes?entity=${shared!.id}`);
      expect(toCasey.html).toContain('Grout colour is &lt;Charcoal&gt;');
      expect(toCasey.headers['reply-to']).toContain(t.ids.acme.contact_email!);
    } finally {
      await t.app.database.db.delete(portalEntities).where(eq(portalEntities.id, shared!.id));
    }
  });

  it('emails nobody about an internal note, or while the company has notes switched off', async () => {
    const before = t.smtp.messages.length;
    expect((await companyNote(acmeKey, kitchenProject, { body: 'Internal: margin is thin', shared_with_portal: false })).statusCode).toBe(201);
    await t.app.database.db.update(companies).set({ is_portal_project_notes_enabled: false }).where(eq(companies.id, t.ids.acme.id));
    try {
      const key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'switched off')).key;
      expect((await companyNote(key, kitchenProject, { body: 'While notes are off' })).statusCode).toBe(201);
    } finally {
      await t.app.database.db.update(companies).set({ is_portal_project_notes_enabled: true }).where(eq(companies.id, t.ids.acme.id));
    }
    await t.app.mailer.idle();
    expect(t.smtp.messages.slice(before)).toEqual([]);
  });

  it('switches areas on and off for its own company only', async () => {
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/integration/company',
      headers: bearer(brightsideKey),
      payload: { is_portal_project_notes_enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ name: 'Brightside Remodeling', is_portal_project_notes_enabled: false });
    expect((await list(t.casey, `entity=${lakeHouse}`)).statusCode).toBe(404);
    expect((await list(t.casey, `entity=${kitchen}`)).statusCode).toBe(200);
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/integration/company',
      headers: bearer(brightsideKey),
      payload: { is_portal_project_notes_enabled: true },
    });
    expect(on.json()).toMatchObject({ is_portal_project_notes_enabled: true });
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/integration/company',
      headers: bearer(brightsideKey),
      payload: { is_portal_everything_enabled: true },
    });
    expect(unknown.statusCode).toBe(422);
  });
});

afterEach(() => {
  // Every mail a test caused has gone out before the next test counts messages.
  return t.app.mailer.idle();
});

async function staffId(name: string): Promise<number> {
  const [row] = await t.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.name, name));
  return row!.id;
}
