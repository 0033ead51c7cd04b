import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { BLOB_KEY_PATTERN } from './blob-store/types';

export interface SweepResult {
  /** Blobs no `files` row names, deleted. */
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

  const keys = [...candidates.keys()];
  for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
    const batch = keys.slice(start, start + KEYS_PER_QUERY);
    const named = new Set((await db.select({ key: files.blob_key }).from(files).where(inArray(files.blob_key, batch))).map((row) => row.key));
    for (const key of batch) {
      if (named.has(key)) continue;
      await rm(candidates.get(key)!, { force: true });
      result.orphans++;
    }
  }
  return result;
}
