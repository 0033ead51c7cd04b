import type { Album, AlbumDetail, Document, Note, Paginated } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInDemo } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { albums, companies, documents, notes, portalEntities, projects } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/**
 * A signed link works only while whoever it was handed to may still see the file
 * (docs/decisions/062-file-links-checked-at-use.md): each change that takes the file away makes an
 * earlier link answer 404, and undoing it makes the same link work again.
 */

const t = useDemoApp();
let kitchen: number;
let kitchenEntity: number;
let key: string;

beforeAll(async () => {
  kitchen = (await t.app.database.db.select().from(projects).where(eq(projects.name, 'Kitchen remodel')))[0]!.id;
  kitchenEntity = t.ids.caseyEntities.find((entity) => entity.model_id === kitchen)!.id;
  key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'crm')).key;
});

const relative = (url: string) => url.replace('http://portal.test', '');
/** A link is used by a browser: no bearer token, the signature is all it has. */
const open = async (url: string) => (await t.app.inject({ method: 'GET', url: relative(url) })).statusCode;
const read = async <T>(url: string, token = t.casey): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

const contractOf = async (token = t.casey) =>
  (await read<Paginated<Document>>(`/api/entities/${kitchenEntity}/documents?page[size]=100`, token)).data.find(
    (document) => document.name === 'Signed contract.pdf',
  )!;
const sharedAlbum = async (token = t.casey) => {
  const page = await read<Paginated<Album>>(`/api/entities/${kitchenEntity}/albums`, token);
  const album = page.data.find((candidate) => candidate.cover !== null)!;
  return read<AlbumDetail>(`/api/entities/${kitchenEntity}/albums/${album.id}`, token);
};

async function whileChanged(change: () => Promise<unknown>, undo: () => Promise<unknown>, check: () => Promise<void>) {
  await change();
  try {
    await check();
  } finally {
    await undo();
  }
}

describe('a portal link, checked each time it is used', () => {
  it('works while nothing changed, for the same URL within its window', async () => {
    const contract = await contractOf();
    expect(contract.file.url).toBe((await contractOf()).file.url);
    expect(await open(contract.file.url)).toBe(200);
    expect(await open(contract.file.download_url)).toBe(200);
    const album = await sharedAlbum();
    expect(await open(`${album.photos[0]!.file.image_url!}&v=photo-thumbnail`)).toBe(200);
    expect(await open(album.zip_url)).toBe(200);
  });

  it('answers 404 once the company switches documents off, and works again when it is back on', async () => {
    const { file } = await contractOf();
    const documentsArea = (on: boolean) =>
      t.app.database.db.update(companies).set({ is_portal_file_sharing_enabled: on }).where(eq(companies.id, t.ids.acme.id));
    await whileChanged(
      () => documentsArea(false),
      () => documentsArea(true),
      async () => {
        expect(await open(file.url)).toBe(404);
        expect(await open(file.download_url)).toBe(404);
      },
    );
    expect(await open(file.url)).toBe(200);
  });

  it('answers 404 once the document is unshared', async () => {
    const contract = await contractOf();
    const shared = (on: boolean) => t.app.database.db.update(documents).set({ is_shared: on }).where(eq(documents.id, contract.id));
    await whileChanged(
      () => shared(false),
      () => shared(true),
      async () => expect(await open(contract.file.url)).toBe(404),
    );
    expect(await open(contract.file.url)).toBe(200);
  });

  it('answers 404 for a photo and the zip once the album is unshared, or photos are switched off', async () => {
    const album = await sharedAlbum();
    const image = `${album.photos[0]!.file.image_url!}&v=photo-thumbnail`;
    const shared = (on: boolean) => t.app.database.db.update(albums).set({ is_shared: on }).where(eq(albums.id, album.id));
    await whileChanged(
      () => shared(false),
      () => shared(true),
      async () => {
        expect(await open(image)).toBe(404);
        expect(await open(album.photos[0]!.file.url)).toBe(404);
        expect(await open(album.zip_url)).toBe(404);
      },
    );
    const photosArea = (on: boolean) => t.app.database.db.update(companies).set({ is_portal_album_sharing_enabled: on }).where(eq(companies.id, t.ids.acme.id));
    await whileChanged(
      () => photosArea(false),
      () => photosArea(true),
      async () => {
        expect(await open(image)).toBe(404);
        expect(await open(album.zip_url)).toBe(404);
      },
    );
    expect(await open(image)).toBe(200);
    expect(await open(album.zip_url)).toBe(200);
  });

  it('answers 404 for a note attachment once notes are switched off, or the note is no longer shared', async () => {
    const thread = await read<Paginated<Note>>(`/api/notes?entity=${kitchenEntity}&page[size]=100`);
    const note = thread.data.find((candidate) => candidate.attachments.length > 0)!;
    const attachment = note.attachments[0]!;
    expect(await open(attachment.url)).toBe(200);
    const notesArea = (on: boolean) => t.app.database.db.update(companies).set({ is_portal_project_notes_enabled: on }).where(eq(companies.id, t.ids.acme.id));
    await whileChanged(
      () => notesArea(false),
      () => notesArea(true),
      async () => expect(await open(attachment.url)).toBe(404),
    );
    const shared = (on: boolean) => t.app.database.db.update(notes).set({ shared_with_portal: on }).where(eq(notes.id, note.id));
    await whileChanged(
      () => shared(false),
      () => shared(true),
      async () => expect(await open(attachment.url)).toBe(404),
    );
    expect(await open(attachment.url)).toBe(200);
  });

  it('answers 404 once the project is no longer shared with the user', async () => {
    const contract = await contractOf();
    const album = await sharedAlbum();
    const db = t.app.database.db;
    // The entity keeps its id (other rows point at it) and points at no project while it is away.
    const pointAt = (projectId: number) =>
      db
        .update(portalEntities)
        .set({ model_id: projectId })
        .where(and(eq(portalEntities.id, kitchenEntity), eq(portalEntities.portal_user_id, t.ids.casey.id)));
    await whileChanged(
      () => pointAt(-kitchen),
      () => pointAt(kitchen),
      async () => {
        expect(await open(contract.file.url)).toBe(404);
        expect(await open(`${album.photos[0]!.file.image_url!}&v=photo-thumbnail`)).toBe(404);
        expect(await open(album.zip_url)).toBe(404);
      },
    );
    expect(await open(contract.file.url)).toBe(200);
  });

  it('answers 404 once the session it was handed to signs out, while the same user’s other session still works', async () => {
    const laptop = await signInDemo(t.app, 0);
    const fromLaptop = await contractOf(laptop);
    const fromPhone = await contractOf();
    expect(fromLaptop.file.url).not.toBe(fromPhone.file.url);
    expect(await open(fromLaptop.file.url)).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(laptop) });
    expect(out.statusCode).toBe(204);
    expect(await open(fromLaptop.file.url)).toBe(404);
    expect(await open(fromLaptop.file.download_url)).toBe(404);
    expect(await open(fromPhone.file.url)).toBe(200);
  });

  it('is refused for another user: the audience is signed, not taken from the query', async () => {
    const contract = await contractOf();
    const nicoUrl = (await read<Paginated<Album>>(`/api/entities/${t.ids.nicoEntities[0]!.id}/albums`, t.nico)).data.find((album) => album.cover)?.cover?.file
      .url;
    const caseyAudience = new URL(contract.file.url).searchParams.get('aud')!;
    expect(nicoUrl).toBeDefined();
    if (nicoUrl) {
      const nicoAudience = new URL(nicoUrl).searchParams.get('aud')!;
      expect(await open(contract.file.url.replace(`aud=${caseyAudience}`, `aud=${nicoAudience}`))).toBe(403);
      // Signed for Nico's session by the server itself, the link still does not reach Casey's file.
      const sessionId = Number(nicoAudience.slice(1));
      expect(await open(t.app.fileLinks.for({ kind: 'portal', sessionId }).view(contract.file.id))).toBe(404);
    }
    expect(await open(contract.file.url.replace(`aud=${caseyAudience}`, `aud=c${t.ids.acme.id}`))).toBe(403);
  });
});

describe("the company's links (the staff console and API keys)", () => {
  it('keep working for the company whatever the portal sees, and never reach another company’s file', async () => {
    const listed = await read<Paginated<{ name: string; is_shared: boolean; file: Document['file'] }>>(
      `/api/integration/projects/${kitchen}/documents?page[size]=100`,
      key,
    );
    const contract = listed.data.find((document) => document.name === 'Signed contract.pdf')!;
    expect(new URL(contract.file.url).searchParams.get('aud')).toBe(`c${t.ids.acme.id}`);
    expect(await open(contract.file.url)).toBe(200);
    const documentsArea = (on: boolean) =>
      t.app.database.db.update(companies).set({ is_portal_file_sharing_enabled: on }).where(eq(companies.id, t.ids.acme.id));
    await whileChanged(
      () => documentsArea(false),
      () => documentsArea(true),
      async () => expect(await open(contract.file.url)).toBe(200),
    );
    const internal = listed.data.find((document) => !document.is_shared);
    if (internal) expect(await open(internal.file.url)).toBe(200);
    expect(await open(t.app.fileLinks.for({ kind: 'company', companyId: t.ids.brightside.id }).view(contract.file.id))).toBe(404);
  });
});
