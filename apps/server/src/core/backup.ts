import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase, type Database, type Db } from '../db/client';
import { lockDataDir } from '../lib/data-dir-lock';

/**
 * Backups of the embedded database and the blob folder (docs/operations.md, "Backups"): a folder holding PGlite's
 * dump of its data folder, a copy of the blobs, and a manifest written last, so a folder without one is not a backup.
 * PostgreSQL is backed up with its own tools (pg_dump), an S3 bucket with the bucket's.
 */

export const DATABASE_DUMP = 'database.tar.gz';
export const MANIFEST = 'manifest.json';

const ManifestSchema = z.object({
  format: z.literal(1),
  created_at: z.string(),
  database: z.literal('pglite'),
  /** Rows per table when the dump was taken: a restore checks it finds them all. */
  rows: z.record(z.string(), z.number().int()),
  /** null: the blobs live in an S3 bucket, which this backup does not hold. */
  blobs: z.object({ files: z.number().int(), bytes: z.number().int() }).nullable(),
});
export type BackupManifest = z.infer<typeof ManifestSchema>;

export class BackupError extends Error {}

export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const read = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await read<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await read<{ count: number }>(sql.raw(`select count(*)::int as count from "${name.replaceAll('"', '""')}"`));
    counts[name] = Number(row!.count);
  }
  return counts;
}

async function filesUnder(folder: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * Writes a backup into `outDir`, which must not exist yet. The dump is taken first, then the blobs are copied: a file
 * added meanwhile is kept as an extra, and blobs are only deleted with their record, so every record of the dump
 * finds its file unless it was deleted during the copy.
 */
export async function writeBackup(options: { database: Database; blobsDir: string | null; outDir: string; now: Date }): Promise<BackupManifest> {
  const { database, blobsDir, outDir } = options;
  if (!database.dump) throw new BackupError('This database is PostgreSQL: back it up with pg_dump (docs/operations.md, "Backups").');
  const exists = await stat(outDir).then(
    () => true,
    () => false,
  );
  if (exists) throw new BackupError(`${outDir} already exists: name a new folder for the backup.`);
  const partial = `${outDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const rows = await rowCounts(database.db);
    const dump = await database.dump();
    await writeFile(path.join(partial, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()));
    let blobs: BackupManifest['blobs'] = null;
    if (blobsDir) {
      await mkdir(path.join(partial, 'blobs'));
      await cp(blobsDir, path.join(partial, 'blobs'), { recursive: true, errorOnExist: false }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      blobs = await filesUnder(path.join(partial, 'blobs'));
    }
    const manifest: BackupManifest = { format: 1, created_at: options.now.toISOString(), database: 'pglite', rows, blobs };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, outDir);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export async function readManifest(backupDir: string): Promise<BackupManifest> {
  const text = await readFile(path.join(backupDir, MANIFEST), 'utf8').catch(() => {
    throw new BackupError(`${backupDir} is not a finished backup: it has no ${MANIFEST}.`);
  });
  const parsed = ManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new BackupError(`${path.join(backupDir, MANIFEST)} is not a manifest this version can read.`);
  return parsed.data;
}

/**
 * Puts a backup in place of the data folder's database and blobs. What was there is moved aside
 * (`db.before-restore-<time>`), never deleted. The folder must not be in use: the server is stopped first.
 */
export async function restoreBackup(options: { backupDir: string; dbDir: string; blobsDir: string | null; now: Date }) {
  const { backupDir, dbDir, blobsDir } = options;
  const manifest = await readManifest(backupDir);
  const dump = await readFile(path.join(backupDir, DATABASE_DUMP)).catch(() => {
    throw new BackupError(`${backupDir} has no ${DATABASE_DUMP}.`);
  });
  const owner = { role: 'npm run restore', ifHeld: 'stop that process first, then restore' };
  // Taken before anything moves: a running server keeps its folder.
  const lock = lockDataDir(dbDir, owner);
  const stamp = options.now.toISOString().replace(/[:.]/g, '-');
  const aside: string[] = [];
  try {
    for (const folder of [dbDir, blobsDir]) {
      if (!folder) continue;
      const moved = `${folder}.before-restore-${stamp}`;
      const present = await stat(folder).then(
        () => true,
        () => false,
      );
      if (present) {
        await rename(folder, moved);
        aside.push(moved);
      }
    }
  } finally {
    lock.release();
  }
  const database = await openDatabase({ dataDir: dbDir, loadDump: new Blob([dump]), owner });
  let rows: Record<string, number>;
  try {
    rows = await rowCounts(database.db);
  } finally {
    await database.close();
  }
  const missing = Object.entries(manifest.rows).filter(([table, count]) => (rows[table] ?? 0) < count);
  if (missing.length > 0) throw new BackupError(`The restored database lacks rows of ${missing.map(([table]) => table).join(', ')}.`);
  if (blobsDir && manifest.blobs) {
    await mkdir(blobsDir, { recursive: true });
    await cp(path.join(backupDir, 'blobs'), blobsDir, { recursive: true });
    const found = await filesUnder(blobsDir);
    if (found.files < manifest.blobs.files) throw new BackupError(`Only ${found.files} of the backup's ${manifest.blobs.files} files were restored.`);
  }
  return { manifest, aside };
}
