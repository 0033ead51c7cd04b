import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { changeOrderApprovals, files, proposalAcceptances } from '../../db/schema';
import { BLOB_KEY_PATTERN, type ListableBlobStore } from './blob-store/types';

export interface SweepResult {
  /** Blobs no row names (a `files` row, a signature's PDF), deleted. */
  orphans: number;
  /** Half-written uploads (`.tmp/*.part`) a stopped process left, deleted. */
  partials: number;
}

const KEYS_PER_QUERY = 500;

/**
 * Deletes what a process stopped mid-upload left in the blob folder (docs/decisions/070-blob-sweep-at-start.md): an
 * upload writes its blob before its `files` row, and a delete removes the row before the blob, so a crash between the
 * two leaves bytes no row names. Only files older than `minAgeMs` go: another server on the same folder may be between
 * the two steps right now.
 */
export async function sweepOrphanBlobs(db: Db, folder: string, { minAgeMs, now = Date.now() }: { minAgeMs: number; now?: number }): Promise<SweepResult> {
  const result: SweepResult = { orphans: 0, partials: 0 };
  let entries;
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  const oldEnough = async (file: string) => {
    try {
      return now - (await stat(file)).mtimeMs >= minAgeMs;
    } catch {
      return false; // deleted meanwhile
    }
  };

  const candidates = new Map<string, string>(); // key → file
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (path.basename(entry.parentPath) === '.tmp') {
      if (entry.name.endsWith('.part') && (await oldEnough(file))) {
        await rm(file, { force: true });
        result.partials++;
      }
    } else if (BLOB_KEY_PATTERN.test(entry.name) && (await oldEnough(file))) {
      candidates.set(entry.name, file);
    }
  }

  for (const key of await unnamed(db, [...candidates.keys()])) {
    await rm(candidates.get(key)!, { force: true });
    result.orphans++;
  }
  return result;
}

/**
 * The keys no row names, asked in batches: a `files` row, or the evidence of a signature, whose signed PDF is a blob of
 * its own (core/signatures/stored-pdf.ts) and must outlive every restart.
 */
async function unnamed(db: Db, keys: readonly string[]): Promise<string[]> {
  const orphans: string[] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
    const batch = keys.slice(start, start + KEYS_PER_QUERY);
    const [held, accepted, approved] = await Promise.all([
      db.select({ key: files.blob_key }).from(files).where(inArray(files.blob_key, batch)),
      db.select({ key: proposalAcceptances.pdf_blob_key }).from(proposalAcceptances).where(inArray(proposalAcceptances.pdf_blob_key, batch)),
      db.select({ key: changeOrderApprovals.pdf_blob_key }).from(changeOrderApprovals).where(inArray(changeOrderApprovals.pdf_blob_key, batch)),
    ]);
    const named = new Set([...held, ...accepted, ...approved].map((row) => row.key));
    orphans.push(...batch.filter((key) => !named.has(key)));
  }
  return orphans;
}

/**
 * The same sweep for a bucket (docs/decisions/074-hostile-names-pdfs-and-bucket-sweep.md): the objects under the prefix
 * are listed a page at a time, and those older than `minAgeMs` that no row names are deleted, a page's worth in one
 * request. A bucket keeps no half-written objects (S3 shows an object only once its PUT completed), so `partials` stays
 * 0. The age counts from the end of a PUT: it protects the uploads another server on the bucket has between their two
 * steps right now.
 */
export async function sweepOrphanObjects(
  db: Db,
  store: ListableBlobStore,
  { minAgeMs, now = Date.now(), pageSize }: { minAgeMs: number; now?: number; pageSize?: number },
): Promise<SweepResult> {
  const result: SweepResult = { orphans: 0, partials: 0 };
  for await (const page of store.list(pageSize ? { pageSize } : {})) {
    const old = page.filter((blob) => now - blob.modifiedAt.getTime() >= minAgeMs).map((blob) => blob.key);
    const orphans = await unnamed(db, old);
    await store.deleteMany(orphans);
    result.orphans += orphans.length;
  }
  return result;
}
