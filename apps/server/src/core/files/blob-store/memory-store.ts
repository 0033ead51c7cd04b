import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { measure, newBlobKey } from './folder-store';
import { BLOB_KEY_PATTERN, type BlobStore } from './types';

/**
 * Blobs in memory: for seeding a database whose files nobody will read (tests that only look at
 * rows). Never used by a running server.
 */
export function memoryBlobStore(): BlobStore {
  const blobs = new Map<string, Buffer>();
  return {
    kind: 'folder',
    async put(body, options) {
      const measured = measure(options.maxBytes);
      const bytes = await readAll((Buffer.isBuffer(body) ? Readable.from([body]) : body).pipe(measured.stream));
      const key = newBlobKey();
      blobs.set(key, bytes);
      return { key, ...measured.result() };
    },
    async get(key, range) {
      const bytes = BLOB_KEY_PATTERN.test(key) ? blobs.get(key) : undefined;
      if (!bytes) return null;
      return Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]);
    },
    async stat(key) {
      const bytes = blobs.get(key);
      return bytes ? { size: bytes.length } : null;
    },
    async delete(key) {
      blobs.delete(key);
    },
  };
}
