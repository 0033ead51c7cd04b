import path from 'node:path';
import { folderBlobStore } from './folder-store';
import type { BlobStore } from './types';

/** The settings the blob store is chosen by (a subset of env.ts's Env). */
export interface BlobStoreConfig {
  /** The folder store lives in DATA_DIR/blobs. */
  DATA_DIR: string;
}

/** The blob store the configuration asks for: the folder under DATA_DIR unless a bucket is configured. */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  return folderBlobStore(path.join(config.DATA_DIR, 'blobs'));
}
