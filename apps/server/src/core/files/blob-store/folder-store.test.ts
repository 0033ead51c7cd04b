import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { blobStoreContract } from './contract.test-support';
import { folderBlobStore } from './folder-store';

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

blobStoreContract('folder', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'portal-blobs-'));
  return {
    store: folderBlobStore(root),
    // Temporary .part files included: a failed write must not leave one behind either.
    visible: () => files(root),
    close: () => rm(root, { recursive: true, force: true }),
  };
});

// A source that fails right after its first chunk can reject the write while the .part file is still being opened:
// removed too early, the file came back after the removal (a few in a thousand, more on Node 20).
it('leaves no .part behind when the source fails while the file is still opening (1,000 writes)', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'portal-blobs-'));
  try {
    const store = folderBlobStore(root);
    for (let attempt = 0; attempt < 1000; attempt++) {
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(512));
          this.destroy(new Error('connection lost'));
        },
      });
      await expect(store.put(failing, { contentType: 'image/jpeg' })).rejects.toThrow('connection lost');
    }
    // Long enough for any open still in flight to land.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await files(root)).toEqual([]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
