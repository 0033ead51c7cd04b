import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { DEMO_USERS, isEmpty, seedIfEmpty } from './seed/index';
import { databaseFolders, databaseOptions, EnvError, parseEnv, type Env } from './env';
import { blobFolder, createBlobStore } from './core/files/blob-store';
import { sweepOrphanBlobs, sweepOrphanObjects } from './core/files/blob-sweep';
import { isListable } from './core/files/blob-store/types';
import { settleMemoryAfterStart } from './lib/settle-memory';

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const seedOnly = process.argv.includes(SEED_ONLY_FLAG);
  const folders = databaseFolders(env);
  const options = databaseOptions(env, {
    role: seedOnly ? 'the server seeding the demo' : 'the server',
    ifHeld: 'stop that process first, or give this server its own DATA_DIR',
  });
  const open = () => openDatabase({ ...options, onIdleError: (error) => console.error(`PostgreSQL dropped an idle connection: ${error.message}`) });
  // A first start on the embedded database: the seed's process creates the folder, so this one never holds what
  // creating it took either (PGlite's initdb, run in its thread).
  const onPglite = !options.url && !options.postgresDir;
  let seeded = false;
  if (!seedOnly && env.SEED_DEMO && onPglite && !existsSync(path.join(folders.pglite, 'PG_VERSION'))) {
    await seedInItsOwnProcess(env);
    seeded = true;
  }
  let database = await open();
  // One store for the seed and the server: the demo's photos and documents must be where the server reads them.
  const blobs = createBlobStore(env);
  if (seedOnly) {
    let failed = false;
    try {
      await seedIfEmpty(database.db, { blobs });
    } catch (error) {
      console.error(`Seeding the demo failed: ${error instanceof Error ? error.message : String(error)}`);
      failed = true;
    } finally {
      await database.close();
    }
    // Nothing of the seed may keep this process, and its memory, alive.
    process.exit(failed ? 1 : 0);
  }
  if (!seeded && env.SEED_DEMO && (await isEmpty(database.db))) {
    // PGlite lets one process at a time open its folder. PostgreSQL takes both (an embedded one, kept running by this
    // process, is joined by the seed's rather than stopped and started again).
    if (onPglite) await database.close();
    await seedInItsOwnProcess(env);
    if (onPglite) database = await open();
    seeded = true;
  }

  const app = await buildApp({ env, database, blobs });
  const folder = blobFolder(env);
  if (folder) {
    // Before the listener opens, so what a crash left is gone before anyone can ask for it.
    const swept = await sweepOrphanBlobs(database.db, folder, { minAgeMs: env.BLOB_SWEEP_MIN_AGE_MINUTES * 60_000 });
    if (swept.orphans + swept.partials > 0) app.log.warn(swept, 'deleted blobs a stopped process had left without a row');
  }

  let closing = false;
  /**
   * A graceful stop (docs/operations.md): /api/ready fails at once, so the proxy stops sending new
   * requests; after SHUTDOWN_DELAY_MS the listener closes and the requests in flight finish, for at
   * most SHUTDOWN_TIMEOUT_MS, after which the connections still open are cut.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.startDraining();
    try {
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), env.SHUTDOWN_TIMEOUT_MS)));
      if ((await Promise.race([app.close().then(() => 'closed' as const), timedOut])) === 'timeout') {
        app.log.warn({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'requests still running at the shutdown timeout were cut');
        app.server.closeAllConnections();
      }
      clearTimeout(timer);
    } finally {
      // PGlite allows one process per data folder: always let go of it.
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  settleMemoryAfterStart({ alsoCollect: database.collectGarbage });
  if (!folder && isListable(blobs)) {
    // After the listener opens, unlike the folder's: no request can reach a blob no row names, so nothing waits for
    // it, and a bucket is listed at one request per 1,000 objects. A failure is logged; the next start tries again.
    const minAgeMs = env.BLOB_SWEEP_MIN_AGE_MINUTES * 60_000;
    void sweepOrphanObjects(database.db, blobs, { minAgeMs }).then(
      (swept) => {
        if (swept.orphans > 0) app.log.warn(swept, 'deleted blobs a stopped process had left without a row');
      },
      (error: unknown) => {
        if (!closing) app.log.warn({ err: error }, 'the sweep of the bucket for blobs without a row failed; the next start tries again');
      },
    );
  }
  const lines = [
    '',
    `  Project portal is running at ${env.PUBLIC_URL}`,
    `  Database: ${databaseLine(database, folders.pglite)}${seeded ? ', demo data seeded' : ''}`,
  ];
  lines.push(
    env.SMTP_URL
      ? `  Email: SMTP via ${new URL(env.SMTP_URL).host}`
      : `  Email: no SMTP_URL, so messages are written to ${path.join(env.DATA_DIR, 'outbox')}` +
          (env.NODE_ENV === 'production' ? ' (sign-in links are not logged in production)' : ' and sign-in links are logged (never with NODE_ENV=production)'),
  );
  if (env.RATE_LIMIT_MULTIPLIER > 1) lines.push(`  Rate limits multiplied by ${env.RATE_LIMIT_MULTIPLIER} (RATE_LIMIT_MULTIPLIER): not for production`);
  if (env.WEBHOOK_ALLOW_PRIVATE_TARGETS)
    lines.push('  Webhooks may use http:// and reach private addresses (WEBHOOK_ALLOW_PRIVATE_TARGETS): not for production');
  if (env.SEED_DEMO) {
    lines.push('  Demo sign-in:');
    for (const user of DEMO_USERS) lines.push(`    ${user.email} / ${user.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

/** The argument that makes this entry seed the demo into an empty database and exit. */
const SEED_ONLY_FLAG = '--seed-demo-and-exit';

/**
 * A first start seeds the demo in a process of its own, this same entry run again with the same node and flags. The
 * seed draws the demo's photos and PDFs, and the image library's threads keep the memory they drew them with (malloc's
 * arenas, about 90 MB) for as long as their process lives: the server would have held it until its next restart
 * (docs/decisions/099-the-first-start-seeds-in-its-own-process.md).
 */
async function seedInItsOwnProcess(env: Env): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, SEED_ONLY_FLAG], { env: process.env, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`seeding the demo into ${env.DATABASE_URL ? 'the database' : env.DATA_DIR} failed (exit code ${code}): see above`);
}

function databaseLine(database: Database, pgliteDir: string): string {
  if (database.kind === 'pglite') return `embedded (PGlite) in ${pgliteDir}`;
  const embedded = database.embeddedPostgres;
  if (!embedded) return 'PostgreSQL';
  return `embedded PostgreSQL in ${embedded.folder} on 127.0.0.1:${embedded.port} (${embedded.startedHere ? 'started' : 'already running, pid ' + embedded.pid})`;
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
