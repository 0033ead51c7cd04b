import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryBlobStore } from './blob-store/memory-store';
import { imageProxy } from './image-proxy';
import { imageBytes } from '../../../test/fixtures';
import type { FileRow } from '../../db/rows';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-images-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function setUp(maxConcurrentEncodes?: number) {
  const store = memoryBlobStore();
  const source = await imageBytes('png', 64, 48);
  const blob = await store.put(source, { contentType: 'image/png', maxBytes: 1_000_000 });
  const file = { id: 1, blob_key: blob.key, sha256: blob.sha256 } as FileRow;
  const images = imageProxy({ store, cacheDir: dir, maxCacheBytes: 1024 * 1024, ...(maxConcurrentEncodes ? { maxConcurrentEncodes } : {}) });
  return { images, file, store };
}

const body = async (images: Awaited<ReturnType<typeof setUp>>['images'], image: Parameters<typeof images.open>[0]) => {
  const sent = images.open(image);
  return Buffer.isBuffer(sent) ? sent : buffer(sent);
};

describe('the image proxy and its disk cache', () => {
  it('renders once, then answers from the cache with the same bytes', async () => {
    const { images, file } = await setUp();
    const first = await images.get(file, { w: 32, f: 'webp' });
    const rendered = await body(images, first);
    const second = await images.get(file, { w: 32, f: 'webp' });
    expect(Buffer.isBuffer(second.body)).toBe(false);
    expect(await body(images, second)).toEqual(rendered);
    expect(second).toMatchObject({ size: rendered.length, etag: first.etag, contentType: 'image/webp' });
  });

  it('queues a flood of distinct variants behind its encode limit instead of encoding them all at once', async () => {
    const { images, file, store } = await setUp(1);
    // The first encode waits on its bytes until the test lets them through: meanwhile the others queue.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const get = store.get.bind(store);
    vi.spyOn(store, 'get').mockImplementationOnce(async (key, range) => {
      await held;
      return get(key, range);
    });
    const asks = Array.from({ length: 12 }, (_, index) => images.get(file, { w: 8 + index, f: 'avif', q: 100 }));
    await vi.waitFor(() => expect(images.encodes.queued).toBe(11));
    expect(images.encodes.active).toBe(1);
    release();
    const rendered = await Promise.all(asks);
    expect(new Set(rendered.map((image) => image.etag)).size).toBe(12);
    expect(images.encodes.active + images.encodes.queued).toBe(0);
  });

  it('still sends a cached image whole when the cache deletes its file mid-answer', async () => {
    const { images, file } = await setUp();
    const rendered = await body(images, await images.get(file, { w: 32, f: 'webp' }));
    const cached = await images.get(file, { w: 32, f: 'webp' });
    // Eviction (or an operator clearing DATA_DIR/cache) removes the file between the look-up and the send.
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) await rm(path.join(entry.parentPath, entry.name));
    }
    expect(await body(images, cached)).toEqual(rendered);
  });
});
