import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryBlobStore } from './blob-store/memory-store';
import { IMAGE_DENSITIES, IMAGE_FORMATS, IMAGE_VARIANT_NAMES, IMAGE_VARIANTS } from '@portal/contract/constants';
import sharp from 'sharp';
import { ImageQuerySchema, MAX_IMAGE_SIDE, imageProxy, imageRequestOf, type ImageRequest } from './image-proxy';
import { HttpError } from '../../lib/http-errors';
import { imageBytes } from '../../../test/fixtures';
import type { FileRow } from '../../db/rows';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-images-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function setUp(maxConcurrentEncodes?: number, width = 64, height = 48) {
  const store = memoryBlobStore();
  const images = imageProxy({ store, cacheDir: dir, maxCacheBytes: 16 * 1024 * 1024, ...(maxConcurrentEncodes ? { maxConcurrentEncodes } : {}) });
  const fileOf = async (id: number, w = width, h = height) => {
    const blob = await store.put(await imageBytes('png', w, h), { contentType: 'image/png', maxBytes: 10_000_000 });
    return { id, blob_key: blob.key, sha256: blob.sha256 } as FileRow;
  };
  return { images, file: await fileOf(1), fileOf, store };
}

const THUMBNAIL: ImageRequest = { variant: 'photo-thumbnail', density: 1, format: 'webp' };
const cacheFiles = async () => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
/** What the route hands the proxy for a query string, or the status it refuses it with. */
const asked = (query: string) => {
  const parsed = ImageQuerySchema.strict().safeParse(Object.fromEntries(new URLSearchParams(query)));
  if (!parsed.success) return 400;
  try {
    return imageRequestOf(parsed.data);
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : error;
  }
};

const body = async (images: Awaited<ReturnType<typeof setUp>>['images'], image: Parameters<typeof images.open>[0]) => {
  const sent = images.open(image);
  return Buffer.isBuffer(sent) ? sent : buffer(sent);
};

describe('the image proxy and its disk cache', () => {
  it('renders once, then answers from the cache with the same bytes', async () => {
    const { images, file } = await setUp();
    const first = await images.get(file, THUMBNAIL);
    const rendered = await body(images, first);
    const second = await images.get(file, THUMBNAIL);
    expect(Buffer.isBuffer(second.body)).toBe(false);
    expect(await body(images, second)).toEqual(rendered);
    expect(second).toMatchObject({ size: rendered.length, etag: first.etag, contentType: 'image/webp' });
  });

  it('queues a flood of encodes of many files behind its encode limit instead of running them all at once', async () => {
    const { images, fileOf, store } = await setUp(1);
    const many = await Promise.all(Array.from({ length: 30 }, (_, index) => fileOf(index + 1, 40 + index, 30)));
    // The first encode waits on its bytes until the test lets them through: meanwhile the others queue.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const get = store.get.bind(store);
    const reads = vi.spyOn(store, 'get').mockImplementationOnce(async (key, range) => {
      await held;
      return get(key, range);
    });
    const asks = many.map((file) => images.get(file, { variant: 'photo-full', density: 2, format: 'webp' }));
    await vi.waitFor(() => expect(images.encodes.queued).toBe(29));
    expect(images.encodes.active).toBe(1);
    // Only the running encode has read its file: the queued ones hold no bytes.
    expect(reads).toHaveBeenCalledTimes(1);
    release();
    const rendered = await Promise.all(asks);
    expect(new Set(rendered.map((image) => image.etag)).size).toBe(30);
    expect(images.encodes.active + images.encodes.queued).toBe(0);
  });

  it('still sends a cached image whole when the cache deletes its file mid-answer', async () => {
    const { images, file } = await setUp();
    const rendered = await body(images, await images.get(file, THUMBNAIL));
    const cached = await images.get(file, THUMBNAIL);
    // Eviction (or an operator clearing DATA_DIR/cache) removes the file between the look-up and the send.
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) await rm(path.join(entry.parentPath, entry.name));
    }
    expect(await body(images, cached)).toEqual(rendered);
  });
});

describe('the list of image variants', () => {
  it('renders every listed variant at every density and format, within its box', async () => {
    const { images, fileOf } = await setUp(undefined);
    const large = await fileOf(2, 4000, 3000);
    for (const variant of IMAGE_VARIANT_NAMES) {
      for (const density of IMAGE_DENSITIES) {
        for (const format of IMAGE_FORMATS) {
          const image = await images.get(large, { variant, density, format });
          const meta = await sharp(await body(images, image)).metadata();
          const { w, h, fit } = IMAGE_VARIANTS[variant];
          expect(meta.format, variant).toBe(format);
          if (fit === 'cover') expect([meta.width, meta.height], `${variant} ${density}x`).toEqual([w * density, h * density]);
          else expect(meta.width <= w * density && meta.height <= h * density, `${variant} ${density}x`).toBe(true);
        }
      }
    }
  });

  it('keeps every variant within the largest side a proxied image may have', () => {
    for (const { w, h } of Object.values(IMAGE_VARIANTS)) expect(Math.max(w, h) * Math.max(...IMAGE_DENSITIES)).toBeLessThanOrEqual(MAX_IMAGE_SIDE);
  });

  it('takes a variant by name, and the old parameters only when they are exactly a listed variant', () => {
    expect(asked('v=photo-thumbnail')).toEqual(THUMBNAIL);
    expect(asked('v=photo-full&d=2&f=webp')).toEqual({ variant: 'photo-full', density: 2, format: 'webp' });
    expect(asked('w=280&h=210&fit=cover&f=webp')).toEqual(THUMBNAIL);
    expect(asked('w=3200&h=2400&fit=inside&f=webp')).toEqual({ variant: 'photo-full', density: 2, format: 'webp' });
  });

  it('refuses anything unlisted with 400: another size, density, format, quality or fit, or none at all', () => {
    const refused = [
      '',
      'v=huge',
      'v=photo-thumbnail&d=3',
      'v=photo-thumbnail&d=1.5',
      'v=photo-thumbnail&f=avif',
      'v=photo-thumbnail&f=png',
      'v=photo-thumbnail&q=100',
      'v=photo-thumbnail&w=280',
      'v=photo-thumbnail&fit=cover',
      'v=photo-thumbnail&x=1',
      'w=281&h=210&fit=cover',
      'w=280&h=210',
      'w=280&h=210&fit=inside',
      'w=280&fit=cover',
      'w=560&h=420&fit=cover&d=2',
      'w=280&h=210&fit=cover&q=75',
      'w=280&h=210&fit=fill',
      'w=4097',
      'w=1600&h=1200&fit=inside&f=avif',
    ];
    for (const query of refused) expect(asked(query), query).toBe(400);
  });

  it('keeps at most variants × densities × formats files in its cache for one image, whatever is asked', async () => {
    const { images, file } = await setUp();
    // Two variants of one size and fit (a cover in the console and in the portal) share their files.
    const sizes = new Set(IMAGE_VARIANT_NAMES.map((variant) => JSON.stringify(IMAGE_VARIANTS[variant])));
    const bound = sizes.size * IMAGE_DENSITIES.length * IMAGE_FORMATS.length;
    // Every listed variant twice over, by name and by the old parameters, plus a flood of unlisted asks.
    const queries = IMAGE_VARIANT_NAMES.flatMap((variant) =>
      IMAGE_DENSITIES.flatMap((density) => {
        const { w, h, fit } = IMAGE_VARIANTS[variant];
        return [`v=${variant}&d=${density}`, `w=${w * density}&h=${h * density}&fit=${fit}`];
      }),
    );
    for (let width = 1; width <= 200; width++) queries.push(`w=${width}&h=${width}&fit=cover`, `v=photo-thumbnail&q=${(width % 100) + 1}`);
    for (const query of queries) {
      const request = asked(query);
      if (typeof request === 'object') await images.release(await images.get(file, request as ImageRequest));
    }
    expect(await cacheFiles()).toBe(bound);
  });
});
