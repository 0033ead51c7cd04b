/**
 * The server under test for `npm run bench -- photos` (docs/requirements.md 17.4): the real app with a shared album
 * of 300 generated 1600 × 1200 JPEGs in a folder blob store, plus, in the same process, a bare route
 * answering one thumbnail's bytes from memory and the image cache folder served as static files
 * (@fastify/static), so the runner compares the image proxy with both in one run. Started by
 * bench/photos.mjs, never by tests.
 *
 *   BENCH_DATA_DIR=…                 → DATA_DIR (emptied): PGlite in DATA_DIR/db, blobs in DATA_DIR/blobs
 *   BENCH_DATABASE_URL=postgres://…  → PostgreSQL instead of PGlite (the database is emptied and seeded)
 *
 * Prints one line `BENCH_READY {json}` when it listens.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { albums, companies, photos, portalEntities, portalUsers, projects } from '../apps/server/src/db/schema';
import { createBlobStore } from '../apps/server/src/core/files/blob-store';
import type { BlobStore } from '../apps/server/src/core/files/blob-store/types';
import { IMAGE_KINDS } from '../apps/server/src/lib/file-types';
import { hashPassword } from '../apps/server/src/modules/auth/password';
import { storeFile } from '../apps/server/src/core/files/store';
import { announceReady, benchEnv, benchSignIn, listenWithBareRoutes } from './support/bench-server';

export const ALBUM = { photos: 300, width: 1600, height: 1200 } as const;
/** The album grid's thumbnails: 320 CSS px wide at 1x and 2x (apps/web/src/lib/image-url.ts), webp. */
export const THUMBNAIL_WIDTHS = [320, 640] as const;
const PASSWORD = 'bench-password-1';
const EMAIL = 'bench-photos@example.com';

/**
 * A photo-like JPEG: a smooth random field (low-resolution noise, enlarged) with fine grain on top,
 * about 390 KB at quality 82, like a phone photo scaled down, and different bytes for every seed.
 */
async function generatedPhoto(seed: number): Promise<Buffer> {
  const { width, height } = ALBUM;
  const base = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 70 } } })
    .raw()
    .toBuffer();
  const pixels = await sharp(base, { raw: { width: 64, height: 48, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  let state = (seed * 7919 + 1) >>> 0;
  for (let index = 0; index < pixels.length; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    pixels[index] = Math.max(0, Math.min(255, pixels[index]! + ((state >>> 24) & 31) - 16));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function seedAlbum(db: Db, blobs: BlobStore) {
  const passwordHash = await hashPassword(PASSWORD);
  const [company] = await db
    .insert(companies)
    .values({
      name: 'Bench Builders',
      url: 'https://bench.example.com',
      phone_default: '(512) 555-0100',
      address_street: '1 Bench Way',
      address_city: 'Austin',
      address_state: 'TX',
      address_zip: '78701',
      color: '#c2410c',
      logo_url: '/brand/acme.svg',
      is_portal_album_sharing_enabled: true,
    })
    .returning({ id: companies.id });
  const [user] = await db.insert(portalUsers).values({ email: EMAIL, password_hash: passwordHash }).returning({ id: portalUsers.id });
  const [project] = await db.insert(projects).values({ company_id: company!.id, number: 'P-1', name: 'Photo project' }).returning({ id: projects.id });
  await db.insert(portalEntities).values({ portal_user_id: user!.id, company_id: company!.id, model_type: 'project', model_id: project!.id });
  const [album] = await db
    .insert(albums)
    .values({ company_id: company!.id, project_id: project!.id, name: 'Three hundred photos', is_shared: true })
    .returning({ id: albums.id });
  let bytes = 0;
  let first: Buffer | undefined;
  for (let position = 0; position < ALBUM.photos; position++) {
    const body = await generatedPhoto(position + 1);
    bytes += body.length;
    first ??= body;
    const file = await storeFile(db, blobs, {
      body,
      name: `IMG_${String(1000 + position)}.jpg`,
      owner: { companyId: company!.id },
      policy: { maxBytes: 10 * 1024 * 1024, accept: IMAGE_KINDS },
    });
    await db.insert(photos).values({ company_id: company!.id, album_id: album!.id, file_id: file.id, caption: `Photo ${position + 1}`, position });
  }
  await db.execute(sql`ANALYZE`);
  return { albumId: album!.id, originalBytes: bytes, first: first! };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('Set BENCH_DATA_DIR (the blobs and the image cache live there; PGlite too unless BENCH_DATABASE_URL is set).');
  await rm(dataDir, { recursive: true, force: true });

  const started = Date.now();
  const database = await openDatabase({ url, dataDir: url ? undefined : path.join(dataDir, 'db'), maxConnections: 10 });
  if (url) await database.db.execute(sql`TRUNCATE companies, portal_users RESTART IDENTITY CASCADE`);
  const env = benchEnv(dataDir);
  const blobs = createBlobStore(env);
  const { albumId, originalBytes, first } = await seedAlbum(database.db, blobs);
  const seedMs = Date.now() - started;

  const app = await buildApp({ env, database, blobs, logger: { level: 'warn' } });
  const cacheDir = path.join(env.DATA_DIR, 'cache', 'images');
  // The image cache as plain static files: the very bytes the proxy sends, without the proxy.
  await app.register(fastifyStatic, { root: cacheDir, prefix: '/__bench/static/', decorateReply: false, wildcard: true, cacheControl: false });

  const { bare, port } = await listenWithBareRoutes(app);

  const headers = { authorization: `Bearer ${await benchSignIn(app, EMAIL, PASSWORD)}` };
  const entities = (await app.inject({ url: '/api/entities', headers })).json() as { data: { id: number }[] };
  const detail = await app.inject({ url: `/api/entities/${entities.data[0]!.id}/albums/${albumId}`, headers });
  if (detail.statusCode !== 200) throw new Error(`bench album read failed: ${detail.statusCode} ${detail.body}`);
  const album = detail.json() as { zip_url: string; photos: { file: { image_url: string } }[] };
  const local = (absolute: string) => {
    const parsed = new URL(absolute);
    return `${parsed.pathname}${parsed.search}`;
  };
  // Every thumbnail of the album grid: 300 photos × 1x and 2x, each URL distinct.
  const thumbnailUrls = album.photos.flatMap((photo) => THUMBNAIL_WIDTHS.map((width) => `${local(photo.file.image_url)}&w=${width}&f=webp`));

  // One thumbnail's bytes for the bare route; rendered outside the proxy so the cache stays cold.
  const sample = await sharp(first).resize({ width: THUMBNAIL_WIDTHS[0] }).webp({ quality: 75 }).toBuffer();
  bare.set('thumbnail', { type: 'image/webp', body: sample });

  announceReady(app, database, {
    url: `http://127.0.0.1:${port}`,
    kind: database.kind,
    seedMs,
    album: ALBUM,
    originalBytes,
    cacheDir,
    thumbnailUrls,
    thumbnailBytes: sample.length,
    zipUrl: local(album.zip_url),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
