import { mkdtemp, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newBlobKey } from '../src/core/files/blob-store/folder-store';
import { TEST_DB } from './helpers';
import { processRunner } from './processes';

/**
 * A server started on a bucket sweeps it of what a crash left (docs/decisions/074-hostile-names-pdfs-and-bucket-sweep.md),
 * once its listener is open, and leaves alone what is younger than BLOB_SWEEP_MIN_AGE_MINUTES.
 */

const BUCKET = 'portal-start';
let dataDir: string;
let server: S3rver;
let client: S3Client;
let endpoint: string;
const { startServer, stopAll } = processRunner(() => dataDir);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-bucket-sweep-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dataDir, 's3'), configureBuckets: [{ name: BUCKET }] });
  endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});

afterAll(async () => {
  stopAll();
  client?.destroy();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const keysUnder = async (prefix: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((object) => object.Key!).sort();

it.skipIf(TEST_DB !== 'pglite')(
  'deletes the old blobs no row names once it listens, and keeps the young',
  async () => {
    const [old, young] = [`blobs/${newBlobKey()}`, `blobs/${newBlobKey()}`];
    for (const Key of [old, young]) await client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: 'left by a crash' }));
    // s3rver's Last-Modified is its file's time: the first blob was written an hour ago.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(dataDir, 's3', BUCKET, `${old}._S3rver_object`), hourAgo, hourAgo);

    const running = await startServer({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'blobs',
      BLOB_SWEEP_MIN_AGE_MINUTES: '10',
    });
    for (let waited = 0; (await keysUnder('blobs/')).includes(old) && waited < 30_000; waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await keysUnder('blobs/')).toEqual([young]);
    await expect.poll(() => running.output(), { timeout: 10_000 }).toMatch(/deleted blobs a stopped process had left without a row/);
    expect(running.output()).toMatch(/"orphans":1/);
  },
  120_000,
);
