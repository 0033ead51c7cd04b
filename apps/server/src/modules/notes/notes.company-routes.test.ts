import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HTML_BYTES, imageBytes, multipartBody, pdfBytes } from '../../../test/fixtures';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { files, notes, projects, staff } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** A project's whole thread through a company's key (docs/company-api.md, "Notes"). */

const t = useDemoApp();
let key: string;
let kitchen: number;

beforeAll(async () => {
  key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'crm', { scopes: ['notes:read', 'notes:write'] })).key;
  kitchen = (await t.app.database.db.select().from(projects).where(eq(projects.name, 'Kitchen remodel')))[0]!.id;
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(key) });

describe('the thread, company side', () => {
  it("reads every note of the project, internal ones and the customers', newest first", async () => {
    const all = await t.app.database.db.select().from(notes).where(eq(notes.project_id, kitchen));
    const page = (await get(`/api/integration/projects/${kitchen}/notes?page[size]=100`)).json();
    expect(page.total).toBe(all.length);
    const ids = page.data.map((note: { id: number }) => note.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const kinds = new Set(page.data.map((note: { author: { type: string } }) => note.author.type));
    expect(kinds.has('portal_user')).toBe(true);
    const internal = (await get(`/api/integration/projects/${kitchen}/notes?filter[shared_with_portal]=false&page[size]=100`)).json();
    expect(internal.total).toBe(all.filter((note) => !note.shared_with_portal).length);
    expect(internal.total).toBeGreaterThan(0);
    expect((await get(`/api/integration/projects/${kitchen}/notes?filter[updated_since]=2099-01-01T00:00:00Z`)).json().data).toEqual([]);
  });

  it('reads a customer’s reply as it was posted, by id', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/notes?entity=${t.ids.caseyEntities.find((entity) => entity.model_id === kitchen)!.id}`,
      headers: bearer(t.casey),
      payload: { body: 'Can we move the island 6 inches?' },
    });
    const note = await get(`/api/integration/notes/${posted.json().id}`);
    expect(note.json()).toMatchObject({ body: 'Can we move the island 6 inches?', shared_with_portal: true, author: { type: 'portal_user' } });
  });

  it("answers 404 for another company's project or note", async () => {
    const [lake] = await t.app.database.db.select().from(projects).where(eq(projects.company_id, t.ids.brightside.id));
    expect((await get(`/api/integration/projects/${lake!.id}/notes`)).statusCode).toBe(404);
    const [lakeNote] = await t.app.database.db.select().from(notes).where(eq(notes.project_id, lake!.id));
    expect((await get(`/api/integration/notes/${lakeNote!.id}`)).statusCode).toBe(404);
  });

  describe('with files', () => {
    const post = async (parts: Parameters<typeof multipartBody>[0]) => {
      const body = multipartBody(parts);
      return t.app.inject({
        method: 'POST',
        url: `/api/integration/projects/${kitchen}/notes`,
        headers: { ...body.headers, ...bearer(key) },
        payload: body.payload,
      });
    };
    const stored = async () => ({
      rows: (await t.app.database.db.select({ n: count() }).from(files))[0]!.n,
      blobs: (await readdir(path.join(t.dataDir, 'blobs'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile()).length,
    });

    it('posts a note with a PDF and a photo that the customer opens from the thread', async () => {
      const posted = await post([
        { name: 'body', value: 'The signed permit and the new layout.' },
        { name: 'shared_with_portal', value: 'true' },
        { name: 'files', filename: 'permit.pdf', data: await pdfBytes('Permit') },
        { name: 'files', filename: 'layout.png', data: await imageBytes('png') },
      ]);
      expect(posted.statusCode).toBe(201);
      expect(posted.json().attachments.map((attachment: { name: string }) => attachment.name)).toEqual(['permit.pdf', 'layout.png']);
      const entity = t.ids.caseyEntities.find((each) => each.model_id === kitchen)!;
      const thread = (await t.app.inject({ method: 'GET', url: `/api/notes?entity=${entity.id}`, headers: bearer(t.casey) })).json();
      const seen = thread.data.find((note: { id: number }) => note.id === posted.json().id);
      expect(seen.attachments).toHaveLength(2);
      const download = await t.app.inject({ method: 'GET', url: new URL(seen.attachments[0].url).pathname + new URL(seen.attachments[0].url).search });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
    });

    it('refuses a file that is not an image or PDF, or a bad field, and keeps no file', async () => {
      const before = await stored();
      const html = await post([
        { name: 'body', value: 'See attached' },
        { name: 'files', filename: 'page.pdf', data: HTML_BYTES },
      ]);
      expect(html.statusCode).toBe(422);
      expect(Object.keys(html.json().errors)).toEqual(['files']);
      const flag = await post([
        { name: 'body', value: 'See attached' },
        { name: 'shared_with_portal', value: 'maybe' },
        { name: 'files', filename: 'a.pdf', data: await pdfBytes() },
      ]);
      expect(flag.statusCode).toBe(422);
      expect(Object.keys(flag.json().errors)).toEqual(['shared_with_portal']);
      const author = await post([
        { name: 'body', value: 'See attached' },
        { name: 'author_staff_id', value: '999999' },
        { name: 'files', filename: 'a.pdf', data: await pdfBytes() },
      ]);
      expect(author.statusCode).toBe(422);
      expect(Object.keys(author.json().errors)).toEqual(['author_staff_id']);
      expect(await stored()).toEqual(before);
    });
  });

  describe('from the staff console', () => {
    let omar: { id: number; token: string };
    beforeAll(async () => {
      const [row] = await t.app.database.db.select().from(staff).where(eq(staff.email, 'omar@acme-builders.example.com'));
      omar = { id: row!.id, token: (await t.app.staffSessions.create(row!.id, { now: new Date() })).token };
    });
    const postAs = (token: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/integration/projects/${kitchen}/notes`, headers: bearer(token), payload });

    it('signs the note with the member signed in, and their attachments as theirs', async () => {
      const internal = await postAs(omar.token, { body: 'Check the joists before the tile goes down.', shared_with_portal: false });
      expect(internal.statusCode).toBe(201);
      expect(internal.json()).toMatchObject({ shared_with_portal: false, author: { type: 'staff', id: omar.id, name: 'Omar Haddad' } });
      const body = multipartBody([
        { name: 'body', value: 'The tile samples.' },
        { name: 'files', filename: 'tiles.png', data: await imageBytes('png') },
      ]);
      const shared = await t.app.inject({
        method: 'POST',
        url: `/api/integration/projects/${kitchen}/notes`,
        headers: { ...body.headers, ...bearer(omar.token) },
        payload: body.payload,
      });
      expect(shared.statusCode).toBe(201);
      expect(shared.json()).toMatchObject({ shared_with_portal: true, author: { type: 'staff', id: omar.id } });
      const [file] = await t.app.database.db.select().from(files).where(eq(files.id, shared.json().attachments[0].id));
      expect(file!.uploaded_by_staff_id).toBe(omar.id);
    });

    it('refuses to sign a note as another member, keeping no file', async () => {
      const [dana] = await t.app.database.db.select().from(staff).where(eq(staff.email, 'dana@acme-builders.example.com'));
      const json = await postAs(omar.token, { body: 'Signed by someone else', author_staff_id: dana!.id });
      expect(json.statusCode).toBe(422);
      expect(Object.keys(json.json().errors)).toEqual(['author_staff_id']);
      const filesBefore = (await t.app.database.db.select({ n: count() }).from(files))[0]!.n;
      const body = multipartBody([
        { name: 'body', value: 'Signed by someone else' },
        { name: 'author_staff_id', value: String(dana!.id) },
        { name: 'files', filename: 'a.pdf', data: await pdfBytes() },
      ]);
      const multipart = await t.app.inject({
        method: 'POST',
        url: `/api/integration/projects/${kitchen}/notes`,
        headers: { ...body.headers, ...bearer(omar.token) },
        payload: body.payload,
      });
      expect(multipart.statusCode).toBe(422);
      expect((await t.app.database.db.select({ n: count() }).from(files))[0]!.n).toBe(filesBefore);
      // Naming oneself is the same as naming nobody.
      expect((await postAs(omar.token, { body: 'Signed by me', author_staff_id: omar.id })).json().author.id).toBe(omar.id);
    });
  });
});
