import crypto from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/suite';
import { files } from '../../db/schema';
import { sweepOrphanBlobs, sweepOrphanObjects } from './blob-sweep';
import { newBlobKey } from './blob-store/folder-store';
import { s3BlobStore } from './blob-store/s3-store';

const t = useTestApp();
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-sweep-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let companyId: number | undefined;
/** A files row naming `key` (a row needs a company: the bare minimum of one). */
async function recordRow(key: string) {
  if (companyId === undefined) {
    const inserted = await t.app.database.db.execute(sql`insert into companies (name, color) values ('Sweep', '#0f766e') returning id`);
    companyId = (inserted as unknown as { rows: { id: number }[] }).rows[0]!.id;
  }
  await t.app.database.db.insert(files).values({
    company_id: companyId,
    blob_key: key,
    original_name: 'kept.pdf',
    content_type: 'application/pdf',
    kind: 'pdf',
    size: 5,
    sha256: '0'.repeat(64),
  });
}

const put = async (key: string, ageMs: number) => {
  const file = key.endsWith('.part') ? path.join(folder, '.tmp', key) : path.join(folder, key.slice(0, 2), key.slice(2, 4), key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'bytes');
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
};

it('deletes old blobs no row names and half-written uploads, and keeps the rest', async () => {
  const [named, orphan, young] = [newBlobKey(), newBlobKey(), newBlobKey()];
  await recordRow(named);
  await put(named, 3_600_000);
  await put(orphan, 3_600_000);
  await put(young, 1_000);
  await put(`${newBlobKey()}.part`, 3_600_000);

  expect(await sweepOrphanBlobs(t.app.database.db, folder, { minAgeMs: 600_000 })).toEqual({ orphans: 1, partials: 1 });
  const left = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  expect(left.sort()).toEqual([named, young].sort());
});

it("keeps a signature's signed PDF, which its evidence row names rather than a files row", async () => {
  const [accepted, approved] = [newBlobKey(), newBlobKey()];
  await recordRow(newBlobKey());
  const db = t.app.database.db;
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const [project] = rows<{ id: number }>(await db.execute(sql`insert into projects (company_id, name) values (${companyId}, 'Signed') returning id`));
  const [proposal] = rows<{ id: number }>(
    await db.execute(
      sql`insert into proposals (company_id, project_id, number, state, title, expires_on) values (${companyId}, ${project!.id}, 1, 'accepted', 'P', '2026-12-31') returning id`,
    ),
  );
  const [changeOrder] = rows<{ id: number }>(
    await db.execute(
      sql`insert into change_orders (company_id, project_id, number, state, title) values (${companyId}, ${project!.id}, 1, 'approved', 'CO') returning id`,
    ),
  );
  const evidence = sql`'Casey', 'casey@example.com', now(), '127.0.0.1', '1.00', '0.00', '1.00', '{}', ${'0'.repeat(64)}`;
  await db.execute(sql`insert into proposal_acceptances (proposal_id, company_id, signer_name, signer_email, accepted_at, ip_address, subtotal, tax, total,
    content_json, content_sha256, selected_item_ids, pdf_blob_key, pdf_sha256, pdf_size) values (${proposal!.id}, ${companyId}, ${evidence}, '{}', ${accepted}, ${'0'.repeat(64)}, 5)`);
  await db.execute(sql`insert into change_order_approvals (change_order_id, company_id, signer_name, signer_email, approved_at, ip_address, subtotal, tax, total,
    content_json, content_sha256, pdf_blob_key, pdf_sha256, pdf_size) values (${changeOrder!.id}, ${companyId}, ${evidence}, ${approved}, ${'0'.repeat(64)}, 5)`);
  const own = await mkdtemp(path.join(os.tmpdir(), 'portal-sweep-signed-'));
  try {
    const orphan = newBlobKey();
    const putOld = async (key: string) => {
      const file = path.join(own, key.slice(0, 2), key.slice(2, 4), key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'bytes');
      await utimes(file, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    };
    for (const key of [accepted, approved, orphan]) await putOld(key);
    expect(await sweepOrphanBlobs(db, own, { minAgeMs: 600_000 })).toEqual({ orphans: 1, partials: 0 });
    const left = (await readdir(own, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(left.sort()).toEqual([accepted, approved].sort());
  } finally {
    await rm(own, { recursive: true, force: true });
  }
});

it('finds nothing to do in a folder that does not exist yet', async () => {
  expect(await sweepOrphanBlobs(t.app.database.db, path.join(folder, 'none'), { minAgeMs: 0 })).toEqual({ orphans: 0, partials: 0 });
});

/**
 * s3rver seals the continuation token of a listing's next page with single DES, which OpenSSL 3 no longer offers, so
 * its second page is a 500. Triple DES with the key three times over is the same cipher, and is offered: the tokens
 * are s3rver's own, made and read in this process.
 */
function letS3rverPageListings(): () => void {
  const { createCipheriv, createDecipheriv } = crypto;
  const triple = (key: crypto.CipherKey) => Buffer.concat([key as Buffer, key as Buffer, key as Buffer]);
  crypto.createCipheriv = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) =>
    algorithm === 'des' ? createCipheriv('des-ede3-cbc', triple(key), iv) : createCipheriv(algorithm, key, iv)) as typeof crypto.createCipheriv;
  crypto.createDecipheriv = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) =>
    algorithm === 'des' ? createDecipheriv('des-ede3-cbc', triple(key), iv) : createDecipheriv(algorithm, key, iv)) as typeof crypto.createDecipheriv;
  return () => Object.assign(crypto, { createCipheriv, createDecipheriv });
}

describe('in an S3 bucket', () => {
  const BUCKET = 'portal-sweep';
  let server: S3rver;
  let client: S3Client;
  let root: string;
  let restoreCrypto: () => void;

  beforeAll(async () => {
    restoreCrypto = letS3rverPageListings();
    root = await mkdtemp(path.join(os.tmpdir(), 'portal-sweep-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: root, configureBuckets: [{ name: BUCKET }] });
    const { port } = await server.run();
    client = new S3Client({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    client?.destroy();
    await server?.close();
    await rm(root, { recursive: true, force: true });
    restoreCrypto?.();
  });

  const listed = async (prefix: string) => {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken }));
      keys.push(...(page.Contents ?? []).map((object) => object.Key!));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  };
  /**
   * An object written `ageMs` ago: s3rver's Last-Modified is its file's time. s3rver answers the PUT before its write
   * stream has written the bytes, so the file's time is set only once they are in: a write after it would make the
   * object young again (one orphan in seven kept, under load).
   */
  const putObject = async (objectKey: string, ageMs: number) => {
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, Body: 'bytes' }));
    const file = path.join(root, BUCKET, `${objectKey}._S3rver_object`);
    await expect.poll(async () => (await stat(file).catch(() => undefined))?.size).toBe('bytes'.length);
    const when = new Date(Date.now() - ageMs);
    await utimes(file, when, when);
  };

  it('deletes old objects no row names, page after page, and keeps the named, the young and what is not a blob of ours', async () => {
    const store = s3BlobStore({ client, bucket: BUCKET, prefix: 'portal/' });
    const named = [newBlobKey(), newBlobKey()];
    const orphans = Array.from({ length: 7 }, () => newBlobKey());
    const young = newBlobKey();
    for (const key of named) await recordRow(key);
    for (const key of [...named, ...orphans]) await putObject(`portal/${key}`, 3_600_000);
    // Another server's upload between its two steps: written a moment ago, its row not in yet.
    await putObject(`portal/${young}`, 1_000);
    // Not ours to judge: another prefix, a "folder" under ours, a name that is no blob key.
    const strangers = [`other/${newBlobKey()}`, `portal/archive/${newBlobKey()}`, 'portal/README.txt'];
    for (const objectKey of strangers) await putObject(objectKey, 3_600_000);

    // Pages of 3: the orphans are spread over several, and deleting them must not lose the listing's place.
    expect(await sweepOrphanObjects(t.app.database.db, store, { minAgeMs: 600_000, pageSize: 3 })).toEqual({ orphans: 7, partials: 0 });
    const left = [...named, young].map((key) => `portal/${key}`);
    expect(await listed('')).toEqual([...left, ...strangers].sort());
    // The young one's row arrives: the upload completes as if no sweep had run.
    await recordRow(young);
    expect(await sweepOrphanObjects(t.app.database.db, store, { minAgeMs: 0 })).toEqual({ orphans: 0, partials: 0 });
    expect(await listed('portal/')).toEqual([...left, 'portal/README.txt', ...strangers.filter((key) => key.startsWith('portal/archive/'))].sort());
  });

  it('finds nothing to do in an empty bucket or prefix', async () => {
    expect(await sweepOrphanObjects(t.app.database.db, s3BlobStore({ client, bucket: BUCKET, prefix: 'empty/' }), { minAgeMs: 0 })).toEqual({
      orphans: 0,
      partials: 0,
    });
  });
});
