import path from 'node:path';
import { folderBlobStore } from './folder-store';
import { s3BlobStore } from './s3-store';
import type { BlobStore } from './types';

/** The settings the blob store is chosen by (a subset of env.ts's Env). */
export interface BlobStoreConfig {
  /** The folder store lives in DATA_DIR/blobs. */
  DATA_DIR: string;
  /** Set: blobs go to this S3-compatible bucket instead of the folder. */
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
  S3_PREFIX?: string | undefined;
}

/** The folder the blobs live in, or null when they live in a bucket. */
export const blobFolder = (config: BlobStoreConfig): string | null => (config.S3_BUCKET ? null : path.join(config.DATA_DIR, 'blobs'));

/** The blob store the configuration asks for: the folder under DATA_DIR unless a bucket is configured. */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  if (config.S3_BUCKET) {
    return s3BlobStore({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  return folderBlobStore(blobFolder(config)!);
}
