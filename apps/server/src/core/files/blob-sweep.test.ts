import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/suite';
import { files } from '../../db/schema';
import { sweepOrphanBlobs } from './blob-sweep';
import { newBlobKey } from './blob-store/folder-store';

const t = useTestApp();
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-sweep-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const put = async (key: string, ageMs: number) => {
  const file = key.endsWith('.part') ? path.join(folder, '.tmp', key) : path.join(folder, key.slice(0, 2), key.slice(2, 4), key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'bytes');
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
};

it('deletes old blobs no row names and half-written uploads, and keeps the rest', async () => {
  const [named, orphan, young] = [newBlobKey(), newBlobKey(), newBlobKey()];
  // A files row needs a company: the bare minimum of one.
  const inserted = await t.app.database.db.execute(sql`insert into companies (name, color) values ('Sweep', '#0f766e') returning id`);
  const [company] = (inserted as unknown as { rows: { id: number }[] }).rows;
  await t.app.database.db.insert(files).values({
    company_id: company!.id,
    blob_key: named,
    original_name: 'kept.pdf',
    content_type: 'application/pdf',
    kind: 'pdf',
    size: 5,
    sha256: '0'.repeat(64),
  });
  await put(named, 3_600_000);
  await put(orphan, 3_600_000);
  await put(young, 1_000);
  await put(`${newBlobKey()}.part`, 3_600_000);

  expect(await sweepOrphanBlobs(t.app.database.db, folder, { minAgeMs: 600_000 })).toEqual({ orphans: 1, partials: 1 });
  const left = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  expect(left.sort()).toEqual([named, young].sort());
});

it('finds nothing to do in a folder that does not exist yet', async () => {
  expect(await sweepOrphanBlobs(t.app.database.db, path.join(folder, 'none'), { minAgeMs: 0 })).toEqual({ orphans: 0, partials: 0 });
});
