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

/** A blob as a listing shows it: its key and when its write completed. */
export interface ListedBlob {
  key: string;
  modifiedAt: Date;
}

/**
 * A store that can list what it holds and delete in bulk, for the sweep of what a crash left
 * (docs/decisions/074-hostile-names-pdfs-and-bucket-sweep.md). The folder store is swept by walking its folder instead
 * (its half-written `.part` files are part of what it leaves).
 */
export interface ListableBlobStore extends BlobStore {
  /** Every blob, a page at a time (at most `pageSize` a page), in no promised order. */
  list(options?: { pageSize?: number }): AsyncIterable<ListedBlob[]>;
  /** Deletes these blobs, in as few requests as the store allows; keys that are gone already are no error. */
  deleteMany(keys: readonly string[]): Promise<void>;
}

export const isListable = (store: BlobStore): store is ListableBlobStore => 'list' in store && 'deleteMany' in store;

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'BlobTooLargeError';
  }
}

/** 32 random bytes, base64url: 43 characters, safe as a file name and an object key. */
export const BLOB_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
