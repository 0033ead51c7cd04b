import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { committedMigrations, openDatabase, type Database, type Db } from '../db/client';
import { runningPostgres, startEmbeddedPostgres } from '../db/embedded-postgres';
import { copyTablesIn, TableCopyError, type TableCopy } from '../db/table-copy';
import { folderBehindLinks, lockDataDir } from '../lib/data-dir-lock';

/**
 * Backups of the embedded database and the blob folder (docs/operations.md, "Backups"): a folder holding the
 * database (PGlite's dump of its data folder, or the embedded PostgreSQL's tables copied with COPY), a copy of the
 * blobs, and a manifest written last, so a folder without one is not a backup. A PostgreSQL of one's own
 * (DATABASE_URL) is backed up with its own tools (pg_dump), an S3 bucket with the bucket's.
 */

export const DATABASE_DUMP = 'database.tar.gz';
export const MANIFEST = 'manifest.json';

const Common = {
  format: z.literal(1),
  created_at: z.string(),
  /** Rows per table when the database was copied: a restore checks it finds them all. */
  rows: z.record(z.string(), z.number().int().nonnegative()),
  /** null: the blobs live in an S3 bucket, which this backup does not hold. */
  blobs: z.object({ files: z.number().int(), bytes: z.number().int() }).nullable(),
};
const Identifier = z.string().min(1).max(63);
const ManifestSchema = z.discriminatedUnion('database', [
  z.object({ ...Common, database: z.literal('pglite') }),
  z.object({
    ...Common,
    database: z.literal('postgres'),
    /** docs/decisions/085-embedded-postgres-backups.md: one gzipped file of COPY's text format per table. */
    dump: z.literal('copy-text-gzip'),
    postgres_version: z.string(),
    /** How many migrations the database had: a restore migrates a fresh one this far, then loads the rows. */
    migrations: z.number().int().nonnegative(),
    tables: z.array(
      z.object({
        schema: Identifier,
        name: Identifier,
        file: z.string().regex(/^tables\/[\w.-]+\.copy\.gz$/),
        columns: z.array(Identifier).min(1),
      }),
    ),
    sequences: z.array(z.object({ schema: Identifier, name: Identifier, value: z.string().regex(/^-?\d+$/), called: z.boolean() })),
  }),
]);
export type BackupManifest = z.infer<typeof ManifestSchema>;
export type BackupKind = BackupManifest['database'];

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
  const { dump: dumpPglite, copyTables } = database;
  if (!dumpPglite && !copyTables) throw new BackupError('This database is PostgreSQL: back it up with pg_dump (docs/operations.md, "Backups").');
  const exists = await stat(outDir).then(
    () => true,
    () => false,
  );
  if (exists) throw new BackupError(`${outDir} already exists: name a new folder for the backup.`);
  const partial = `${outDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    let manifest: BackupManifest;
    const created_at = options.now.toISOString();
    if (dumpPglite) {
      const rows = await rowCounts(database.db);
      const dump = await dumpPglite();
      await writeFile(path.join(partial, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()));
      manifest = { format: 1, created_at, database: 'pglite', rows, blobs: null };
    } else {
      const copy = await copyTables!(partial);
      const { postgresVersion: postgres_version, migrations, tables, sequences, rows } = copy;
      manifest = { format: 1, created_at, database: 'postgres', dump: 'copy-text-gzip', postgres_version, migrations, tables, sequences, rows, blobs: null };
    }
    let blobs: BackupManifest['blobs'] = null;
    if (blobsDir) {
      await mkdir(path.join(partial, 'blobs'));
      await cp(blobsDir, path.join(partial, 'blobs'), { recursive: true, errorOnExist: false }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      blobs = await filesUnder(path.join(partial, 'blobs'));
    }
    manifest.blobs = blobs;
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
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`${path.join(backupDir, MANIFEST)} is not a manifest this version can read.`);
  return parsed.data;
}

/**
 * Puts a backup in place of the data folder's database and blobs. What was there is moved aside
 * (`db.before-restore-<time>`), never deleted. The folder must not be in use: the server is stopped first.
 */
export async function restoreBackup(options: { backupDir: string; dbDir: string; blobsDir: string | null; now: Date }) {
  const { backupDir, blobsDir } = options;
  // Through a link: the folder it points to is restored, and the link stays.
  const dbDir = folderBehindLinks(options.dbDir);
  const manifest = await readManifest(backupDir);
  expectKind(manifest, 'pglite');
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
  await restoreBlobs(backupDir, blobsDir, manifest);
  return { manifest, aside };
}

async function restoreBlobs(backupDir: string, blobsDir: string | null, manifest: BackupManifest) {
  if (!blobsDir || !manifest.blobs) return;
  await mkdir(blobsDir, { recursive: true });
  await cp(path.join(backupDir, 'blobs'), blobsDir, { recursive: true });
  const found = await filesUnder(blobsDir);
  if (found.files < manifest.blobs.files) throw new BackupError(`Only ${found.files} of the backup's ${manifest.blobs.files} files were restored.`);
}

const KINDS: Record<BackupKind, string> = {
  pglite: 'PGlite, the default embedded database: restore it with EMBEDDED_DATABASE unset',
  postgres: 'the embedded PostgreSQL: restore it with EMBEDDED_DATABASE=postgres',
};

function expectKind<K extends BackupKind>(manifest: BackupManifest, kind: K): asserts manifest is Extract<BackupManifest, { database: K }> {
  if (manifest.database !== kind) throw new BackupError(`This backup is of ${KINDS[manifest.database]}.`);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * A PGlite backup made into the COPY files of an embedded PostgreSQL one (decision 075's way from one to the other):
 * its dump opened in memory, brought to this version's migrations, and copied table by table into `folder`.
 */
async function convertPglite(backupDir: string, manifest: Extract<BackupManifest, { database: 'pglite' }>, folder: string): Promise<TableCopy> {
  const dump = await readFile(path.join(backupDir, DATABASE_DUMP)).catch(() => {
    throw new BackupError(`${backupDir} has no ${DATABASE_DUMP}.`);
  });
  const database = await openDatabase({ loadDump: new Blob([dump]) });
  let copy: TableCopy;
  try {
    copy = await database.copyTables!(folder);
  } finally {
    await database.close();
  }
  const missing = Object.entries(manifest.rows).filter(([table, count]) => (copy.rows[table] ?? 0) < count);
  if (missing.length > 0) throw new BackupError(`The backup's database lacks rows of ${missing.map(([table]) => table).join(', ')}: nothing was restored.`);
  return copy;
}

/**
 * Puts a backup of the embedded PostgreSQL in place of `postgresDir` and the blobs
 * (docs/decisions/085-embedded-postgres-backups.md). The new cluster is built beside the folder
 * (`postgres.restore-<time>`): initdb, the migrations up to the backup's level, every table loaded and counted
 * against the manifest. Only once it matches is what was there moved aside (`postgres.before-restore-<time>`, never
 * deleted) and the new folder renamed into place; a refused restore leaves the data folder as it was.
 */
export async function restoreEmbeddedPostgres(options: { backupDir: string; postgresDir: string; blobsDir: string | null; now: Date; port?: number }) {
  const { backupDir, blobsDir } = options;
  const postgresDir = path.resolve(options.postgresDir);
  const manifest = await readManifest(backupDir);
  const refuseWhileRunning = () => {
    const running = runningPostgres(postgresDir);
    if (running) {
      throw new BackupError(
        `A PostgreSQL (pid ${running.pid}) runs on ${postgresDir}, in use by the server or another command: stop the server first, then restore.`,
      );
    }
  };
  refuseWhileRunning();

  const stamp = options.now.toISOString().replace(/[:.]/g, '-');
  const building = `${postgresDir}.restore-${stamp}`;
  if (await exists(building)) throw new BackupError(`${building} already exists: another restore is under way, or remove what a crashed one left.`);
  const converting = `${building}.from-pglite`;
  const cleanUp = () =>
    Promise.all([building, `${building}.password`, `${building}.log`, converting].map((file) => rm(file, { recursive: true, force: true })));

  // What gets loaded: the backup's own COPY files, or those made from a PGlite backup's dump.
  let source: { folder: string; copy: Pick<TableCopy, 'tables' | 'sequences' | 'migrations' | 'rows'> };
  try {
    source =
      manifest.database === 'pglite'
        ? { folder: converting, copy: await convertPglite(backupDir, manifest, converting) }
        : { folder: backupDir, copy: manifest };
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const { copy } = source;
  const known = await committedMigrations();
  if (copy.migrations > known) {
    await cleanUp();
    throw new BackupError(
      `This backup was made by newer code (${copy.migrations} migrations; this version has ${known}): restore it with that version or a later one.`,
    );
  }
  for (const table of copy.tables) {
    if (!(await exists(path.join(source.folder, table.file)))) {
      await cleanUp();
      throw new BackupError(`${backupDir} has no ${table.file}.`);
    }
  }

  // The cluster's password lives beside its folder: the new one keeps the old one's, so that nothing else changes.
  const passwordFile = `${postgresDir}.password`;
  const hadPassword = await exists(passwordFile);
  if (hadPassword) await cp(passwordFile, `${building}.password`, { mode: 0 });

  try {
    const embedded = await startEmbeddedPostgres(building, { port: options.port });
    try {
      const database = await openDatabase({ url: embedded.url, maxConnections: 1, migrationsUpTo: copy.migrations });
      await database.close();
      await copyTablesIn(embedded.url, source.folder, copy, (rows) => {
        const differ = Object.keys({ ...copy.rows, ...rows }).filter((table) => rows[table] !== copy.rows[table]);
        if (differ.length > 0) {
          const counts = differ.map((table) => `${table} ${rows[table] ?? 'missing'} of ${copy.rows[table] ?? 'none'}`);
          throw new BackupError(`The backup's rows do not match its manifest (${counts.join(', ')}): nothing was restored.`);
        }
      }).catch((error: unknown) => {
        // A damaged file (gzip, or rows PostgreSQL refuses) is the backup's fault: said in one line, like a count.
        if (error instanceof BackupError) throw error;
        throw new BackupError(`The backup could not be loaded (${(error as Error).message.split('\n')[0]}): nothing was restored.`);
      });
    } finally {
      await embedded.stop();
    }
  } catch (error) {
    await cleanUp();
    if (error instanceof TableCopyError) throw new BackupError(error.message);
    throw error;
  }

  // Checked again: a server started during the load would otherwise lose its folder from under it.
  try {
    refuseWhileRunning();
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const aside: string[] = [];
  for (const folder of [postgresDir, blobsDir]) {
    if (!folder || !(await exists(folder))) continue;
    const moved = `${folder}.before-restore-${stamp}`;
    await rename(folder, moved);
    aside.push(moved);
  }
  await rename(building, postgresDir);
  if (hadPassword) await rm(`${building}.password`, { force: true });
  else await rename(`${building}.password`, passwordFile);
  await rm(`${building}.log`, { force: true });
  await rm(converting, { recursive: true, force: true });
  await restoreBlobs(backupDir, blobsDir, manifest);
  return { manifest, aside };
}
