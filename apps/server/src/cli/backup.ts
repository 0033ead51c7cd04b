/**
 * `npm run backup [-- --out FOLDER]` and `npm run restore -- FOLDER` (docs/operations.md, "Backups"): the embedded
 * database and the blob folder. On PGlite a running server writes the backup itself (into DATA_DIR/backups), since
 * only one process may open its folder; with none running, the command opens the data folder. The embedded
 * PostgreSQL takes any number of connections: the command copies it itself, beside a running server or not. A
 * restore needs the server stopped.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup, restoreEmbeddedPostgres, writeBackup } from '../core/backup';
import { blobFolder } from '../core/files/blob-store';
import { openDatabase } from '../db/client';
import { EmbeddedPostgresError } from '../db/embedded-postgres';
import { databaseFolders, databaseOptions, EnvError, parseEnv } from '../env';
import { DataDirLockedError } from '../lib/data-dir-lock';
import { backupName } from '../modules/integration/operator.routes';
import { portalClient } from './company/client';
import { NotAnsweringError, RefusedError, SetupError } from './company/errors';

const USAGE = `Usage: npm run backup [-- --out FOLDER]     back up the embedded database and the blobs
       npm run restore -- FOLDER             put a backup back (stop the server first)

With DATABASE_URL (a PostgreSQL of your own) use pg_dump and pg_restore instead (docs/operations.md, "Backups").`;

class UsageError extends Error {}

async function backUp(args: string[]) {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true, allowPositionals: false });
  const env = parseEnv();
  if (env.DATABASE_URL) throw new UsageError('DATABASE_URL names a PostgreSQL database: back it up with pg_dump.');
  const embeddedPostgres = env.EMBEDDED_DATABASE === 'postgres';
  if (!values.out && !embeddedPostgres) {
    // The running server holds the embedded database: it takes the dump itself.
    try {
      const client = portalClient({ baseUrl: process.env.PORTAL_URL || env.PUBLIC_URL, operatorSecret: env.OPERATOR_SECRET, dataDir: env.DATA_DIR });
      const done = (await client.operator('POST', '/operator/backups')) as { path: string; rows: number; files: number | null };
      console.log(`Backup written by the running server: ${done.path} (${done.rows} rows, ${done.files ?? 'no'} files).`);
      return;
    } catch (error) {
      if (!(error instanceof NotAnsweringError)) throw error;
    }
  }
  if (embeddedPostgres && !existsSync(path.join(databaseFolders(env).postgres, 'PG_VERSION'))) {
    // Opening it would initialise an empty cluster, only to back up nothing.
    throw new BackupError(`There is no embedded PostgreSQL in ${databaseFolders(env).postgres}: nothing to back up (is DATA_DIR right?).`);
  }
  const outDir = path.resolve(values.out ?? path.join(env.DATA_DIR, 'backups', backupName(new Date())));
  const database = await openDatabase({
    ...databaseOptions(env, { role: 'npm run backup', ifHeld: 'run it again without --out so that the running server writes the backup' }),
    maxConnections: 2,
  });
  try {
    const manifest = await writeBackup({ database, blobsDir: blobFolder(env), outDir, now: new Date() });
    const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
    console.log(`Backup written: ${outDir} (${rows} rows, ${manifest.blobs?.files ?? 'no'} files).`);
  } finally {
    await database.close();
  }
}

async function restore(args: string[]) {
  const { positionals } = parseArgs({ args, options: {}, strict: true, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError('Name the backup folder to restore, once.');
  const env = parseEnv();
  if (env.DATABASE_URL) throw new UsageError('DATABASE_URL names a PostgreSQL database: restore it with pg_restore.');
  const backupDir = path.resolve(positionals[0]!);
  const { manifest, aside } =
    env.EMBEDDED_DATABASE === 'postgres'
      ? await restoreEmbeddedPostgres({
          backupDir,
          postgresDir: databaseFolders(env).postgres,
          blobsDir: blobFolder(env),
          now: new Date(),
          port: env.EMBEDDED_POSTGRES_PORT,
        })
      : await restoreBackup({ backupDir, dbDir: databaseFolders(env).pglite, blobsDir: blobFolder(env), now: new Date() });
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  console.log(`Restored the backup of ${manifest.created_at}: ${rows} rows, ${manifest.blobs?.files ?? 'no'} files.`);
  for (const folder of aside) console.log(`What was there is kept in ${folder}.`);
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'backup') await backUp(args);
  else if (command === 'restore') await restore(args);
  else throw new UsageError(`Unknown command "${command ?? ''}".`);
} catch (error) {
  const usage = error instanceof UsageError || error instanceof SetupError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  if (usage) {
    console.error(`${(error as Error).message.split('\n')[0]}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    const known =
      error instanceof BackupError ||
      error instanceof DataDirLockedError ||
      error instanceof EnvError ||
      error instanceof RefusedError ||
      error instanceof EmbeddedPostgresError;
    console.error(known ? (error as Error).message : `Unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
