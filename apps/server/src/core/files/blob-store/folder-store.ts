import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { streamToNewFile } from './write-file';
import { BLOB_KEY_PATTERN, BlobTooLargeError, type BlobStore, type PutOptions, type StoredBlob } from './types';

/** Counts and hashes the bytes going through, and stops past the limit. */
export function measure(maxBytes: number | undefined) {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) return callback(new BlobTooLargeError(maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

export const newBlobKey = () => randomBytes(32).toString('base64url');

/**
 * Blobs in a folder (DATA_DIR/blobs), two levels of fan-out. A write goes to a temporary file on
 * the same file system and is renamed into place once complete, so a reader never sees half a file.
 */
export function folderBlobStore(root: string): BlobStore {
  const tmp = path.join(root, '.tmp');
  const fileOf = (key: string) => {
    if (!BLOB_KEY_PATTERN.test(key)) return null;
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };

  return {
    kind: 'folder',
    async put(body, options: PutOptions): Promise<StoredBlob> {
      const key = newBlobKey();
      const target = fileOf(key)!;
      const partial = path.join(tmp, `${key}.part`);
      await mkdir(tmp, { recursive: true });
      const measured = measure(options.maxBytes);
      try {
        await streamToNewFile(Buffer.isBuffer(body) ? Readable.from([body]) : body, measured.stream, partial);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, ...measured.result() };
    },
    async get(key, range) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        return { size: (await stat(file)).size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      if (file) await rm(file, { force: true });
    },
  };
}
