import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderBlobStore } from './folder-store';
import { BlobTooLargeError, type BlobStore } from './types';

let root: string;
let store: BlobStore;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'portal-blobs-'));
  store = folderBlobStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('the folder blob store', () => {
  it('stores a blob under a random key and reads it back, whole or by range', async () => {
    const stored = await store.put(Buffer.from('hello, portal'), { contentType: 'text/plain' });
    expect(stored.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored).toMatchObject({ size: 13, sha256: createHash('sha256').update('hello, portal').digest('hex') });
    expect(await text((await store.get(stored.key))!)).toBe('hello, portal');
    expect(await text((await store.get(stored.key, { start: 7, end: 12 }))!)).toBe('portal');
    expect(await store.stat(stored.key)).toEqual({ size: 13 });
    const again = await store.put(Buffer.from('hello, portal'), { contentType: 'text/plain' });
    expect(again.key).not.toBe(stored.key);
  });

  it('leaves nothing behind when a write is too large or its source fails', async () => {
    await expect(store.put(Buffer.alloc(2048), { contentType: 'application/pdf', maxBytes: 1024 })).rejects.toBeInstanceOf(BlobTooLargeError);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(512));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(store.put(failing, { contentType: 'image/jpeg' })).rejects.toThrow('connection lost');
    expect(await files(root)).toEqual([]);
  });

  it('answers null for keys that do not exist or are not keys at all', async () => {
    for (const key of ['A'.repeat(43), '../../etc/passwd', '', 'a/b', `${'A'.repeat(42)}.`]) {
      expect(await store.get(key)).toBeNull();
      expect(await store.stat(key)).toBeNull();
    }
  });

  it('deletes', async () => {
    const stored = await store.put(Buffer.from('x'), { contentType: 'text/plain' });
    await store.delete(stored.key);
    expect(await store.get(stored.key)).toBeNull();
  });
});
