import { readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { AlbumDetail, Album, Paginated, PortalEntity } from '@portal/contract';
import { IMAGE_DENSITIES, IMAGE_VARIANT_NAMES, IMAGE_VARIANTS } from '@portal/contract/constants';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { useDemoApp } from '../../../test/suite';
import { albums, companies, files, photos } from '../../db/schema';
import { bearer } from '../../../test/portal-users';
import { filesRepository } from '../../core/files/files.repository';
import { imageBytes, pixelBombPng } from '../../../test/fixtures';

const t = useDemoApp();
let kitchen: number;
let lakeHouse: number;

beforeAll(() => {
  kitchen = t.ids.caseyEntities[0]!.id;
  lakeHouse = t.ids.caseyEntities[3]!.id;
});

const get = (url: string, token = t.casey) => t.app.inject({ method: 'GET', url: url.replace('http://portal.test', ''), headers: bearer(token) });
const albumsOf = async (entity: number) => {
  const response = await get(`/api/entities/${entity}/albums`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Paginated<Album>;
};
const albumDetail = async (entity: number, album: number) => (await get(`/api/entities/${entity}/albums/${album}`)).json() as AlbumDetail;

function unzip(bytes: Buffer): Promise<{ name: string; size: number }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: { name: string; size: number }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push({ name: entry.fileName, size: entry.uncompressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('albums', () => {
  it("lists the project's shared albums with cover, name and photo count, and not the internal one", async () => {
    const page = await albumsOf(kitchen);
    expect(page.data.map((album) => [album.name, album.photo_count])).toEqual([
      ['Demolition', 5],
      ['Cabinets and counters', 7],
    ]);
    expect(page.data[0]!.cover).toMatchObject({ caption: 'The old kitchen before we started', width: 1200, height: 900 });
    expect(page.data[1]!.cover?.caption).toBe('Quartz countertops installed');
    expect(page.data[0]!.cover?.file.image_url).toMatch(/^http:\/\/portal\.test\/api\/images\/\d+\?aud=p\d+&exp=\d+&sig=/);
  });

  it('opens an album: every photo in order with its caption, size and signed URLs', async () => {
    const [demolition] = (await albumsOf(kitchen)).data;
    const album = await albumDetail(kitchen, demolition!.id);
    expect(album.photos.map((photo) => photo.caption)).toEqual([
      'The old kitchen before we started',
      'Upper cabinets coming down',
      'Wall opened up to the dining room',
      'Subfloor exposed',
      null,
    ]);
    expect(album.photos[2]).toMatchObject({ width: 900, height: 1200 });
    const original = await get(album.photos[0]!.file.download_url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['content-disposition']).toMatch(/^attachment; filename="IMG_\d+\.jpg"/);
  });

  it('downloads a whole album as a zip of its originals, named in order by caption', async () => {
    const [, cabinets] = (await albumsOf(kitchen)).data;
    const album = await albumDetail(kitchen, cabinets!.id);
    const response = await get(cabinets!.zip_url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Cabinets and counters\.zip"/);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const entries = await unzip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      '01 Base cabinets set and levelled.jpg',
      '02 Island framing.jpg',
      '03 Quartz countertops installed.jpg',
      '04 Backsplash tile, first rows.jpg',
      '05 Pendant lights over the island.jpg',
      '06 Hardware going on.jpg',
      '07 Nearly there.jpg',
    ]);
    expect(entries.map((entry) => entry.size)).toEqual(album.photos.map((photo) => photo.file.size));
  });

  it('refuses a tampered zip URL with 403', async () => {
    const [demolition] = (await albumsOf(kitchen)).data;
    const [, other] = (await albumsOf(kitchen)).data;
    const forged = demolition!.zip_url.replace(`/albums/${demolition!.id}/`, `/albums/${other!.id}/`);
    expect((await get(forged)).statusCode).toBe(403);
  });
});

describe('isolation and the switch', () => {
  it("answers 404 for another user's albums, unshared albums and albums of another project", async () => {
    const [demolition] = (await albumsOf(kitchen)).data;
    const [internal] = await t.database.db.select().from(albums).where(eq(albums.is_shared, false));
    const deck = t.ids.nicoEntities[0]!.id;
    expect((await get(`/api/entities/${kitchen}/albums`, t.nico)).statusCode).toBe(404);
    expect((await get(`/api/entities/${kitchen}/albums/${demolition!.id}`, t.nico)).statusCode).toBe(404);
    expect((await get(`/api/entities/${deck}/albums/${demolition!.id}`, t.nico)).statusCode).toBe(404);
    expect((await get(`/api/entities/${kitchen}/albums/${internal!.id}`)).statusCode).toBe(404);
    expect((await get(`/api/entities/${kitchen}/albums/${internal!.id}`)).json()).toEqual({ message: 'Not found.' });
  });

  it('hides albums and the cover photo where the company switched photos off (Brightside)', async () => {
    expect((await get(`/api/entities/${lakeHouse}/albums`)).statusCode).toBe(404);
    const entity = (await get(`/api/entities/${lakeHouse}?include=model`)).json() as PortalEntity;
    expect(entity.model?.cover_photo).toBeNull();
    await t.database.db.update(companies).set({ is_portal_album_sharing_enabled: true }).where(eq(companies.id, t.ids.brightside.id));
    try {
      expect((await albumsOf(lakeHouse)).data.map((album) => album.name)).toEqual(['Tile choices']);
      const shown = (await get(`/api/entities/${lakeHouse}?include=model`)).json() as PortalEntity;
      expect(shown.model?.cover_photo?.caption).toBe('Hex floor tile sample');
    } finally {
      await t.database.db.update(companies).set({ is_portal_album_sharing_enabled: false }).where(eq(companies.id, t.ids.brightside.id));
    }
  });
});

describe('the image proxy', () => {
  let base: string;
  const cacheFiles = async () =>
    (await readdir(path.join(t.dataDir, 'cache', 'images'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) => entry.isFile()).length;
  beforeAll(async () => {
    base = (await albumsOf(kitchen)).data[0]!.cover!.file.image_url!;
  });

  it('renders a listed variant as webp at its box and density, and caches the result on disk', async () => {
    const response = await get(`${base}&v=photo-thumbnail&d=2&f=webp`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 560, 420]);
    const cached = await readdir(path.join(t.dataDir, 'cache', 'images'), { recursive: true });
    expect(cached.filter((name) => name.endsWith('.webp')).length).toBeGreaterThan(0);
    const again = await get(`${base}&v=photo-thumbnail&d=2`);
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    // The parameters the web sent before variants had names, when they are exactly this variant: the same render.
    const old = await get(`${base}&w=560&h=420&fit=cover&f=webp`);
    expect([old.statusCode, old.headers.etag]).toEqual([200, response.headers.etag]);
  });

  it('renders every listed variant at every density', async () => {
    for (const variant of IMAGE_VARIANT_NAMES) {
      for (const density of IMAGE_DENSITIES) {
        const response = await get(`${base}&v=${variant}&d=${density}`);
        expect(response.statusCode, `${variant} ${density}x`).toBe(200);
        const meta = await sharp(response.rawPayload).metadata();
        const { w, h } = IMAGE_VARIANTS[variant];
        // Never enlarged: the photo is 1200 × 900, so a 2x variant above that is the photo itself.
        expect(meta.width, `${variant} ${density}x`).toBe(Math.min(w * density, 1200));
        expect(meta.height, `${variant} ${density}x`).toBe(Math.min(h * density, 900));
      }
    }
  });

  it('refuses anything but a listed variant with 400 in the one error shape, and writes no cache file', async () => {
    const before = await cacheFiles();
    const refused = [
      '',
      'v=poster',
      'v=photo-thumbnail&d=3',
      'v=photo-thumbnail&f=avif',
      'v=photo-thumbnail&f=jpeg',
      'v=photo-thumbnail&q=100',
      'v=photo-thumbnail&fit=contain',
      'w=300&f=webp&q=70',
      'w=120&h=120&fit=cover',
      'w=281&h=210&fit=cover',
      'w=280&h=210&fit=inside',
      'w=4096',
      'w=4097',
      'w=abc',
      'f=gif',
      'v=photo-full&w=1600&h=1200&fit=inside',
    ];
    for (const query of refused) {
      const response = await get(`${base}&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
    expect(await cacheFiles()).toBe(before);
  });

  it('queues a flood of encodes of many images while the JSON routes still answer', async () => {
    const [photo] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, Number(/\/api\/images\/(\d+)/.exec(base)![1])))
      .limit(1);
    const rows = await filesRepository(t.database.db).insert(
      await Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          const blob = await t.app.blobs.put(await imageBytes('png', 100 + index, 75), { contentType: 'image/png' });
          return {
            company_id: photo!.company_id,
            blob_key: blob.key,
            original_name: `flood-${index}.png`,
            content_type: 'image/png',
            kind: 'png' as const,
            size: blob.size,
            sha256: blob.sha256,
            width: 100 + index,
            height: 75,
          };
        }),
      ),
    );
    // Every encode waits on its bytes until the test lets them through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const read = t.app.blobs.get.bind(t.app.blobs);
    const reads = vi.spyOn(t.app.blobs, 'get').mockImplementation(async (key, range) => {
      await held;
      return read(key, range);
    });
    try {
      const links = t.app.fileLinks.for({ kind: 'company', companyId: photo!.company_id });
      const asks = rows.map((row) => get(`${links.image(row.id)}&v=photo-full&d=2`));
      const running = Math.min(rows.length, Math.max(1, availableParallelism() - 1));
      await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(running));
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      // The rest wait their turn without reading their files; none has answered yet.
      expect(reads).toHaveBeenCalledTimes(running);
      release();
      expect((await Promise.all(asks)).map((response) => response.statusCode)).toEqual(rows.map(() => 200));
    } finally {
      release();
      reads.mockRestore();
      for (const row of rows) await t.database.db.delete(files).where(eq(files.id, row.id));
    }
  });

  it('refuses a pixel bomb with 422 without decoding it', async () => {
    const blob = await t.app.blobs.put(pixelBombPng(), { contentType: 'image/png' });
    const [bomb] = await filesRepository(t.database.db).insert([
      {
        company_id: t.ids.acme.id,
        blob_key: blob.key,
        original_name: 'bomb.png',
        content_type: 'image/png',
        kind: 'png',
        size: blob.size,
        sha256: blob.sha256,
        width: 30_000,
        height: 30_000,
      },
    ]);
    const response = await get(`${t.app.fileLinks.for({ kind: 'company', companyId: t.ids.acme.id }).image(bomb!.id)}&v=photo-thumbnail`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.image[0]).toMatch(/50 megapixels/);
    await t.database.db.delete(files).where(eq(files.id, bomb!.id));
  });

  it('refuses with 403 a URL signed for another image, and 404 for a file that is not an image', async () => {
    const other = (await albumsOf(kitchen)).data[1]!.cover!.file;
    const forged = base.replace(/\/api\/images\/\d+/, `/api/images/${other.id}`);
    expect((await get(`${forged}&v=photo-thumbnail`)).statusCode).toBe(403);
    const [pdf] = await t.database.db.select().from(files).where(eq(files.kind, 'pdf')).limit(1);
    expect((await get(`${t.app.fileLinks.for({ kind: 'company', companyId: t.ids.acme.id }).image(pdf!.id)}&v=photo-thumbnail`)).statusCode).toBe(404);
  });
});

describe("a project's cover photo", () => {
  const coverOf = async (entity: number) =>
    ((await get(`/api/entities/${entity}?include=model.cover_photo`)).json() as PortalEntity).model?.cover_photo?.caption;

  it("is the cover of its first shared album that has a photo: the album's chosen one, else its first by position", async () => {
    const project = ((await get(`/api/entities/${kitchen}?include=model`)).json() as PortalEntity).model!;
    const own = await t.database.db.select().from(albums).where(eq(albums.project_id, project.id));
    const before = own.map(({ id, position, cover_photo_id }) => ({ id, position, cover_photo_id }));
    expect(await coverOf(kitchen)).toBe('The old kitchen before we started');
    const [empty] = await t.database.db
      .insert(albums)
      .values({ company_id: own[0]!.company_id, project_id: project.id, name: 'Nothing yet', is_shared: true, position: -1 })
      .returning();
    try {
      // An empty album comes first but has no cover; an unshared one is never the customer's to see.
      const internal = own.find((album) => !album.is_shared)!;
      await t.database.db.update(albums).set({ position: -2 }).where(eq(albums.id, internal.id));
      expect(await coverOf(kitchen)).toBe('The old kitchen before we started');
      expect((await albumsOf(kitchen)).data[0]).toMatchObject({ name: 'Nothing yet', photo_count: 0, cover: null });

      const cabinets = own.find((album) => album.name === 'Cabinets and counters')!;
      const [quartz] = await t.database.db
        .select()
        .from(photos)
        .where(and(eq(photos.album_id, cabinets.id), eq(photos.caption, 'Quartz countertops installed')));
      await t.database.db.update(albums).set({ position: -3, cover_photo_id: quartz!.id }).where(eq(albums.id, cabinets.id));
      expect(await coverOf(kitchen)).toBe('Quartz countertops installed');
      await t.database.db.update(albums).set({ cover_photo_id: null }).where(eq(albums.id, cabinets.id));
      expect(await coverOf(kitchen)).toBe('Base cabinets set and levelled');
    } finally {
      await t.database.db.delete(albums).where(eq(albums.id, empty!.id));
      for (const { id, ...album } of before) await t.database.db.update(albums).set(album).where(eq(albums.id, id));
    }
  });
});
