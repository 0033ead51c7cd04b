import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HTML_BYTES, imageBytes, multipartBody, pixelBombPng } from '../../../test/fixtures';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { files, projects } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** Albums and photos through a company's key (docs/company-api.md, "Albums, photos and documents"). */

const t = useDemoApp({ mail: true });
let key: string;
let kitchen: number;
let kitchenEntity: number;
let PNG: Buffer;

beforeAll(async () => {
  key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'crm')).key;
  kitchen = (await t.app.database.db.select().from(projects).where(eq(projects.name, 'Kitchen remodel')))[0]!.id;
  kitchenEntity = t.ids.caseyEntities.find((entity) => entity.model_id === kitchen)!.id;
  PNG = await imageBytes('png', 40, 30);
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
const upload = (albumId: number, parts: Parameters<typeof multipartBody>[0]) => {
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/integration/albums/${albumId}/photos`,
    headers: { ...body.headers, ...bearer(key) },
    payload: body.payload,
  });
};
const counts = async () => [
  (await t.app.database.db.select().from(files)).length,
  (await readdir(path.join(t.dataDir, 'blobs'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length,
];
const portalAlbums = async () =>
  (
    (await t.app.inject({ method: 'GET', url: `/api/entities/${kitchenEntity}/albums?page[size]=100`, headers: bearer(t.casey) })).json() as {
      data: { name: string }[];
    }
  ).data.map((album) => album.name);

describe('albums and photos', () => {
  let albumId: number;

  it('creates an unshared album, uploads several photos in one request, in order, with a caption', async () => {
    const created = await call('POST', `/api/integration/projects/${kitchen}/albums`, { name: 'Cabinets' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Cabinets', is_shared: false, photo_count: 0 });
    albumId = created.json().id;
    const uploaded = await upload(albumId, [
      { name: 'caption', value: 'Upper cabinets' },
      { name: 'files', filename: 'one.jpg', contentType: 'image/jpeg', data: await imageBytes('jpeg', 120, 90) },
      { name: 'files', filename: 'two.png', contentType: 'image/png', data: await imageBytes('png', 90, 120) },
      { name: 'files', filename: 'three.webp', contentType: 'image/webp', data: await imageBytes('webp', 100, 100) },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const photos = uploaded.json().data as { file: { name: string }; caption: string; position: number; width: number }[];
    expect(photos.map((photo) => [photo.file.name, photo.caption, photo.position, photo.width])).toEqual([
      ['one.jpg', 'Upper cabinets', 0, 120],
      ['two.png', 'Upper cabinets', 1, 90],
      ['three.webp', 'Upper cabinets', 2, 100],
    ]);
    expect(await portalAlbums()).not.toContain('Cabinets');
  });

  it('shares the album: the portal shows it at once and the customer is emailed once', async () => {
    const before = t.smtp.messages.length;
    expect((await call('POST', `/api/integration/albums/${albumId}/share`)).json()).toMatchObject({ is_shared: true, photo_count: 3 });
    await call('POST', `/api/integration/albums/${albumId}/unshare`);
    await call('POST', `/api/integration/albums/${albumId}/share`);
    expect(await portalAlbums()).toContain('Cabinets');
    const mail = await t.smtp.waitFor((message) => message.to.includes(t.ids.casey.email) && message.subject.startsWith('New photos: Cabinets'));
    expect(mail.text).toContain(`/photos?entity=${kitchenEntity}&album=${albumId}`);
    await t.app.mailer.idle();
    expect(t.smtp.messages.slice(before).filter((message) => message.subject.startsWith('New photos: Cabinets'))).toHaveLength(1);
  });

  it('refuses a bad file and stores none of the request', async () => {
    const before = await counts();
    for (const bad of [
      { name: 'files', filename: 'page.jpg', contentType: 'image/jpeg', data: HTML_BYTES },
      { name: 'files', filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) },
      { name: 'files', filename: 'bomb.png', contentType: 'image/png', data: pixelBombPng() },
      { name: 'files', filename: '../../x.png', contentType: 'image/png', data: await imageBytes('png') },
    ]) {
      const response = await upload(albumId, [{ name: 'files', filename: 'fine.png', contentType: 'image/png', data: await imageBytes('png') }, bad]);
      expect(response.statusCode, bad.filename).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['files']);
    }
    expect(await counts()).toEqual(before);
    const badDate = await upload(albumId, [
      { name: 'taken_at', value: 'last Tuesday' },
      { name: 'files', filename: 'fine.png', contentType: 'image/png', data: await imageBytes('png') },
    ]);
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors).toEqual({ taken_at: ['Give a date and time such as 2026-11-03T14:20:00Z.'] });
    expect(await counts()).toEqual(before);
  });

  it('keeps when a photo was taken, given on upload or later, and the portal reads it', async () => {
    const uploaded = await upload(albumId, [
      { name: 'taken_at', value: '2026-11-03T14:20:00-05:00' },
      { name: 'files', filename: 'dated.jpg', contentType: 'image/jpeg', data: await imageBytes('jpeg') },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const photo = uploaded.json().data[0];
    expect(photo.taken_at).toBe('2026-11-03T19:20:00.000000Z');
    const album = (await t.app.inject({ method: 'GET', url: `/api/entities/${kitchenEntity}/albums/${albumId}`, headers: bearer(t.casey) })).json();
    expect(album.photos.find((each: { id: number }) => each.id === photo.id).taken_at).toBe('2026-11-03T19:20:00.000000Z');
    expect((await call('PATCH', `/api/integration/photos/${photo.id}`, { taken_at: '2026-11-04T08:00:00Z' })).json().taken_at).toBe(
      '2026-11-04T08:00:00.000000Z',
    );
    expect((await call('PATCH', `/api/integration/photos/${photo.id}`, { taken_at: null })).json().taken_at).toBeNull();
    expect((await call('PATCH', `/api/integration/photos/${photo.id}`, { taken_at: '2026-13-40' })).statusCode).toBe(422);
    expect((await call('DELETE', `/api/integration/photos/${photo.id}`)).statusCode).toBe(204);
  });

  it('moves and captions a photo, and deletes photos and albums with their files', async () => {
    const listed = (await call('GET', `/api/integration/albums/${albumId}/photos`)).json().data as { id: number }[];
    const other = (await call('POST', `/api/integration/projects/${kitchen}/albums`, { name: 'Other' })).json();
    const moved = await call('PATCH', `/api/integration/photos/${listed[0]!.id}`, { caption: 'Moved', album_id: other.id, position: 5 });
    expect(moved.json()).toMatchObject({ caption: 'Moved', album_id: other.id, position: 5 });
    const [lake] = await t.app.database.db.select().from(projects).where(eq(projects.company_id, t.ids.brightside.id));
    expect(lake).toBeDefined();
    const before = await counts();
    expect((await call('DELETE', `/api/integration/photos/${listed[1]!.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/integration/albums/${albumId}`)).statusCode).toBe(204);
    expect(await counts()).toEqual([before[0]! - 2, before[1]! - 2]);
    expect((await call('GET', `/api/integration/albums/${albumId}`)).statusCode).toBe(404);
    expect(await portalAlbums()).not.toContain('Cabinets');
  });
});

describe('moving a photo within its album', () => {
  const order = async (albumId: number) =>
    ((await call('GET', `/api/integration/albums/${albumId}/photos`)).json().data as { file: { name: string }; position: number }[]).map((photo) => [
      photo.file.name,
      photo.position,
    ]);

  it('puts it at the index asked, numbers the album again, and refuses a bad index without writing', async () => {
    const albumId = (await call('POST', `/api/integration/projects/${kitchen}/albums`, { name: 'Order' })).json().id as number;
    const uploaded = await upload(
      albumId,
      ['a', 'b', 'c', 'd'].map((name) => ({ name: 'files', filename: `${name}.png`, contentType: 'image/png', data: PNG })),
    );
    const [a, , , d] = uploaded.json().data as { id: number }[];

    const moved = await call('POST', `/api/integration/photos/${d!.id}/move`, { index: 0 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: d!.id, position: 0 });
    expect(await order(albumId)).toEqual([
      ['d.png', 0],
      ['a.png', 1],
      ['b.png', 2],
      ['c.png', 3],
    ]);

    expect((await call('POST', `/api/integration/photos/${d!.id}/move`, { index: 2 })).json().position).toBe(2);
    expect(await order(albumId)).toEqual([
      ['a.png', 0],
      ['b.png', 1],
      ['d.png', 2],
      ['c.png', 3],
    ]);

    // Past the end is last.
    expect((await call('POST', `/api/integration/photos/${a!.id}/move`, { index: 99 })).json().position).toBe(3);
    expect(await order(albumId)).toEqual([
      ['b.png', 0],
      ['d.png', 1],
      ['c.png', 2],
      ['a.png', 3],
    ]);

    for (const payload of [{ index: -1 }, { index: 1.5 }, { index: '1' }, {}, { index: 1, position: 2 }]) {
      const refused = await call('POST', `/api/integration/photos/${a!.id}/move`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await call('POST', `/api/integration/photos/${a!.id}/move`, { index: -1 })).json().errors).toHaveProperty('index');
    expect(await order(albumId)).toEqual([
      ['b.png', 0],
      ['d.png', 1],
      ['c.png', 2],
      ['a.png', 3],
    ]);
    expect((await call('POST', `/api/integration/photos/999999/move`, { index: 0 })).statusCode).toBe(404);
  });

  it('unties positions a photo moved in from another album shares with one already there', async () => {
    const albumId = (await call('POST', `/api/integration/projects/${kitchen}/albums`, { name: 'Ties' })).json().id as number;
    const otherId = (await call('POST', `/api/integration/projects/${kitchen}/albums`, { name: 'Elsewhere' })).json().id as number;
    const [x] = (
      await upload(
        albumId,
        ['x', 'y'].map((name) => ({ name: 'files', filename: `${name}.png`, contentType: 'image/png', data: PNG })),
      )
    ).json().data as { id: number }[];
    const [z] = (await upload(otherId, [{ name: 'files', filename: 'z.png', contentType: 'image/png', data: PNG }])).json().data as { id: number }[];
    // z arrives with position 0, the same as x.
    await call('PATCH', `/api/integration/photos/${z!.id}`, { album_id: albumId });
    expect((await call('POST', `/api/integration/photos/${x!.id}/move`, { index: 1 })).json().position).toBe(1);
    expect(await order(albumId)).toEqual([
      ['z.png', 0],
      ['x.png', 1],
      ['y.png', 2],
    ]);
  });
});

describe('one photo per request, as the console sends them', () => {
  it('answers a retried upload with the same Idempotency-Key with the photo it made, not a second one', async () => {
    const albumId = (await call('POST', `/api/integration/projects/${kitchen}/albums`, { name: 'Retried' })).json().id as number;
    const send = () => {
      const body = multipartBody([{ name: 'files', filename: 'once.png', contentType: 'image/png', data: PNG }]);
      return t.app.inject({
        method: 'POST',
        url: `/api/integration/albums/${albumId}/photos`,
        headers: { ...body.headers, ...bearer(key), 'idempotency-key': 'photo-once-1' },
        payload: body.payload,
      });
    };
    const first = await send();
    const before = await counts();
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data[0].id).toBe(first.json().data[0].id);
    expect(await counts()).toEqual(before);
    expect((await call('GET', `/api/integration/albums/${albumId}`)).json().photo_count).toBe(1);
  });
});

describe('photos from an iPhone', () => {
  it("takes an iPhone's HEIC photo as a JPEG, and refuses one it cannot read without keeping anything", async () => {
    const albumId = (await call('POST', `/api/integration/projects/${kitchen}/albums`, { name: 'From the phone' })).json().id as number;
    const heic = await readFile(path.join(import.meta.dirname, '../../../test/files/photo.heic'));
    const uploaded = await upload(albumId, [{ name: 'files', filename: 'IMG_0001.HEIC', contentType: 'image/heic', data: heic }]);
    expect(uploaded.statusCode).toBe(201);
    const [photo] = uploaded.json().data as { file: { id: number; name: string }; width: number; height: number }[];
    expect(photo).toMatchObject({ file: { name: 'IMG_0001.jpg' }, width: 64, height: 48 });
    const [row] = await t.app.database.db.select().from(files).where(eq(files.id, photo!.file.id));
    expect(row).toMatchObject({ kind: 'jpeg', content_type: 'image/jpeg', original_name: 'IMG_0001.jpg' });
    // The picture itself came through: the fixture's top-left quarter is blue, the rest orange.
    const stored = await buffer((await t.app.blobs.get(row!.blob_key))!);
    const { data, info } = await (await import('sharp')).default(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [red, , blue] = pixel(5, 5);
    expect(blue! - red!).toBeGreaterThan(120);
    const [red2, , blue2] = pixel(60, 40);
    expect(red2! - blue2!).toBeGreaterThan(120);

    const before = await counts();
    const cut = await upload(albumId, [{ name: 'files', filename: 'IMG_0002.HEIC', contentType: 'image/heic', data: heic.subarray(0, 200) }]);
    expect(cut.statusCode).toBe(422);
    expect(cut.json().errors).toEqual({
      files: ['The HEIC image could not be read; export it from the phone or the Photos app as JPEG and upload that.'],
    });
    expect(await counts()).toEqual(before);
  });
});
