import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '.';
import { blobStoreContract } from './contract.test-support';
import { s3BlobStore } from './s3-store';

const BUCKET = 'portal-test';
let server: S3rver;
let root: string;
let client: S3Client;
let endpoint: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'portal-s3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(root, 'bucket'), configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(async () => {
  client?.destroy();
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

async function objects(prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

let run = 0;
blobStoreContract('S3', async () => {
  // A prefix of each test's own: the tests share one bucket and never see each other's objects.
  const prefix = `run-${++run}/`;
  const spoolDir = await mkdtemp(path.join(root, 'spool-'));
  return {
    store: s3BlobStore({ client, bucket: BUCKET, prefix, spoolDir }),
    // Spool files included: a refused upload must not leave one behind either.
    visible: async () => [...(await objects(prefix)), ...(await readdir(spoolDir, { recursive: true }))],
  };
});

describe('the S3 blob store, configured', () => {
  it('is chosen by S3_BUCKET and keeps its objects under S3_PREFIX', async () => {
    const store = createBlobStore({
      DATA_DIR: root,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'portal/blobs',
    });
    expect(store.kind).toBe('s3');
    const stored = await store.put(Buffer.from('in the bucket'), { contentType: 'text/plain' });
    expect(await objects('portal/')).toEqual([`portal/blobs/${stored.key}`]);
    expect(await store.stat(stored.key)).toEqual({ size: 13 });
    expect(createBlobStore({ DATA_DIR: root }).kind).toBe('folder');
  });
});
