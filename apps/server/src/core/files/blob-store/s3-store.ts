import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { loadS3Sdk } from '../../../lib/heavy-packages';
import { loadOnce } from '../../../lib/load-once';
import { measure, newBlobKey } from './folder-store';
import { streamToNewFile } from './write-file';
import { BLOB_KEY_PATTERN, type ListableBlobStore, type ListedBlob, type PutOptions, type StoredBlob } from './types';

export interface S3BlobStoreOptions {
  bucket: string;
  /** Prepended to every key, e.g. `portal/` (a trailing slash is added when missing). */
  prefix?: string | undefined;
  /** A client of the caller's (tests, custom credentials)… */
  client?: S3Client;
  /** …or the settings one is made from. */
  endpoint?: string | undefined;
  region?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean | undefined;
  /** Where a streamed upload is spooled before it is sent (default: the system's temporary folder). */
  spoolDir?: string | undefined;
}

/** An S3 error for "there is no such object" (GetObject says NoSuchKey, HeadObject only 404). */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
}

export async function s3Client(options: Omit<S3BlobStoreOptions, 'bucket' | 'prefix' | 'client' | 'spoolDir'>): Promise<S3Client> {
  const { S3Client } = await loadS3Sdk();
  return new S3Client({
    region: options.region ?? 'us-east-1',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    // Unset: the SDK's own chain (environment, profile, instance role).
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
  });
}

/**
 * Blobs in an S3-compatible bucket. S3 makes an object visible only once its PUT has completed,
 * so a failed or refused write leaves nothing under its key. PutObject needs the length up front:
 * a stream is counted, hashed and limited (measure()) into a spool file first, then sent with its
 * Content-Length; a Buffer is sent as it is. Memory stays flat whatever the size.
 */
export function s3BlobStore(options: S3BlobStoreOptions): ListableBlobStore {
  // The SDK is loaded by the first call, not by the store's creation: a server whose blobs are in a folder never
  // loads it (docs/decisions/084-memory-at-rest.md).
  const clientOf = loadOnce(async () => options.client ?? (await s3Client(options)));
  const connect = async () => ({ client: await clientOf(), sdk: await loadS3Sdk() });
  const Bucket = options.bucket;
  const prefix = options.prefix ? options.prefix.replace(/\/*$/, '/') : '';
  const objectKey = (key: string) => (BLOB_KEY_PATTERN.test(key) ? `${prefix}${key}` : null);
  const spoolRoot = options.spoolDir ?? os.tmpdir();

  async function send(key: string, body: Buffer | (() => Readable), measured: { size: number; sha256: string }, contentType: string) {
    const { client, sdk } = await connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket,
        Key: objectKey(key)!,
        Body: Buffer.isBuffer(body) ? body : body(),
        ContentLength: measured.size,
        ContentType: contentType,
        // The digest we already have: S3 refuses the PUT if the bytes it got differ, and the SDK sends it
        // as a header instead of re-hashing the stream into an aws-chunked trailer (which some
        // S3-compatible servers store as part of the object).
        ChecksumSHA256: Buffer.from(measured.sha256, 'hex').toString('base64'),
      }),
    );
  }

  return {
    kind: 's3',
    async put(body, putOptions: PutOptions): Promise<StoredBlob> {
      const key = newBlobKey();
      const measured = measure(putOptions.maxBytes);
      if (Buffer.isBuffer(body)) {
        // Counted and hashed by the same transform as a stream, so the limit and the digest agree.
        await pipeline(Readable.from([body]), measured.stream, new Writable({ write: (_chunk, _encoding, callback) => callback() }));
        const result = measured.result();
        await send(key, body, result, putOptions.contentType);
        return { key, ...result };
      }
      const spool = await mkdtemp(path.join(spoolRoot, 'portal-s3-'));
      const file = path.join(spool, 'upload');
      try {
        await streamToNewFile(body, measured.stream, file);
        const result = measured.result();
        await send(key, () => createReadStream(file), result, putOptions.contentType);
        return { key, ...result };
      } finally {
        await rm(spool, { recursive: true, force: true });
      }
    },
    async get(key, range) {
      const Key = objectKey(key);
      if (!Key) return null;
      try {
        const { client, sdk } = await connect();
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      const Key = objectKey(key);
      if (!Key) return null;
      try {
        const { client, sdk } = await connect();
        const answer = await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      if (!Key) return;
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
    async *list({ pageSize = 1000 } = {}) {
      const { client, sdk } = await connect();
      let ContinuationToken: string | undefined;
      do {
        // The delimiter keeps objects in "folders" under the prefix out: they are not blobs of ours.
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, Delimiter: '/', MaxKeys: pageSize, ContinuationToken }));
        const blobs: ListedBlob[] = [];
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (key && BLOB_KEY_PATTERN.test(key) && object.LastModified) blobs.push({ key, modifiedAt: object.LastModified });
        }
        yield blobs;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async deleteMany(keys) {
      const objects = keys.map(objectKey).filter((Key): Key is string => Key !== null);
      const { client, sdk } = await connect();
      // DeleteObjects takes at most 1,000 keys a request.
      for (let start = 0; start < objects.length; start += 1000) {
        const answer = await client.send(
          new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: objects.slice(start, start + 1000).map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0)
          throw new Error(`The bucket refused to delete ${failed.length} blobs: ${failed[0]!.Code ?? 'error'} ${failed[0]!.Message ?? ''}`.trim());
      }
    },
  };
}
