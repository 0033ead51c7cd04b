import type { Readable } from 'node:stream';

/** What a write reports: the random key the blob is stored under, its size and its SHA-256. */
export interface StoredBlob {
  key: string;
  size: number;
  sha256: string;
}

export interface PutOptions {
  contentType: string;
  /** Refuses (with BlobTooLargeError) and leaves nothing behind past this many bytes. */
  maxBytes?: number;
}

/**
 * Where photos, documents and attachments live: a folder by default, an S3-compatible bucket when
 * configured. A blob is written completely or not at all: no partial blob is ever visible under
 * its key. Keys are chosen by the store (random), never by a client.
 */
export interface BlobStore {
  readonly kind: 'folder' | 's3';
  put(body: Readable | Buffer, options: PutOptions): Promise<StoredBlob>;
  /** The blob's bytes, or null when there is no such blob. `range` is inclusive, as in HTTP. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'BlobTooLargeError';
  }
}

/** 32 random bytes, base64url: 43 characters, safe as a file name and an object key. */
export const BLOB_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
