import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
