/**
 * What every bench server process shares: bare routes that answer the very same bytes as the real
 * ones straight from memory (the ceiling of this server, measured in the same run), listening on a
 * free loopback port, and the `BENCH_READY {json}` line the runner waits for.
 */
import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client';
import { parseEnv, type Env } from '../../apps/server/src/env';

export interface BareBody {
  type: string;
  body: string | Buffer;
}

export async function listenWithBareRoutes(app: FastifyInstance) {
  const bare = new Map<string, BareBody>();
  app.get('/__bench/bare/:name', { schema: { hide: true } }, async (request, reply) => {
    const found = bare.get((request.params as { name: string }).name);
    return found ? reply.type(found.type).send(found.body) : reply.status(404).send({ message: 'Not found.' });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { bare, port, url: `http://127.0.0.1:${port}` };
}

export const jsonBody = (body: string | Buffer): BareBody => ({ type: 'application/json; charset=utf-8', body });

/** Closes the app(s) and the database on SIGTERM/SIGINT, then tells the runner it is ready. */
export function announceReady(app: FastifyInstance | FastifyInstance[], database: Database, ready: Record<string, unknown>) {
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    for (const each of Array.isArray(app) ? app : [app]) await each.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  console.log(`BENCH_READY ${JSON.stringify(ready)}`);
}

/**
 * The bench's database, from nothing every run: BENCH_DATABASE_URL (a PostgreSQL database of its
 * own, emptied), BENCH_DATA_DIR (a fresh PGlite folder) or BENCH_EMBEDDED_POSTGRES_DIR (a fresh
 * folder for the embedded PostgreSQL, EMBEDDED_DATABASE=postgres), seeded and analysed.
 *
 * BENCH_REUSE_DATA=1 with BENCH_DATA_DIR: a PGlite folder an earlier run of the same bench left is opened as it is,
 * neither emptied nor seeded. The process then holds what its data needs, not what seeding it took: PGlite's memory
 * keeps its high-water mark (decision 076), so a server that seeded itself reads higher than one started afterwards.
 */
export async function openBenchDatabase(seed: (db: Db) => Promise<void>) {
  const url = process.env.BENCH_DATABASE_URL;
  const postgresDir = process.env.BENCH_EMBEDDED_POSTGRES_DIR;
  const dataDir = process.env.BENCH_DATA_DIR ?? (postgresDir ? `${postgresDir}-pglite-unused` : undefined);
  if (!url && !dataDir) throw new Error('Set BENCH_DATABASE_URL, BENCH_DATA_DIR or BENCH_EMBEDDED_POSTGRES_DIR.');
  const reused = process.env.BENCH_REUSE_DATA === '1' && !url && !postgresDir && dataDir !== undefined && existsSync(dataDir);
  if (dataDir && !reused) await rm(dataDir, { recursive: true, force: true });
  if (postgresDir) for (const made of ['', '.password', '.log']) await rm(`${postgresDir}${made}`, { recursive: true, force: true });
  const started = Date.now();
  const sharedBuffers = Number(process.env.PGLITE_SHARED_BUFFERS_MB) || undefined;
  const timeStatements = Boolean(process.env.BENCH_STATEMENT_TIMES);
  const database = await openDatabase({ url, dataDir, postgresDir, maxConnections: 10, pgliteSharedBuffersMb: sharedBuffers, timeStatements });
  if (reused) return { database, dataDir, seedMs: 0, reused };
  if (url) await database.db.execute(sql`TRUNCATE companies, portal_users RESTART IDENTITY CASCADE`);
  await seed(database.db);
  await database.db.execute(sql`ANALYZE`);
  return { database, dataDir, seedMs: Date.now() - started, reused };
}

/** The environment of a bench server: production mode, quiet logs, links on loopback; `extra` on top. */
export function benchEnv(dataDir: string, extra: Record<string, string> = {}): Env {
  return parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: 'http://127.0.0.1', SEED_DEMO: 'false', DATA_DIR: dataDir, ...extra });
}

/** Signs a bench user in through the real route; the bearer token. */
export async function benchSignIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`bench sign-in failed: ${response.body}`);
  return (response.json() as { token: string }).token;
}

interface ProcessUsage {
  /** Resident set, bytes: pages shared between processes (PostgreSQL's shared buffers) count in each. */
  rss: number;
  /** Proportional set, bytes: each shared page split between the processes that map it, so a sum counts it once. */
  pss: number;
  /** User and system CPU, ms (with the reaped children's, for PostgreSQL's backends that have exited). */
  cpuMs: number;
}

const TICK_MS = 10; // /proc's clock ticks are 1/100 s on Linux

function usageOf(pid: number, withChildren: boolean): ProcessUsage | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
    return { rss: kb('Rss'), pss: kb('Pss'), cpuMs: ticks * TICK_MS };
  } catch {
    return null;
  }
}

/**
 * The embedded PostgreSQL's processes (the postmaster and its children: backends, checkpointer,
 * WAL writer...), summed; null for PGlite (in this process) and an outside PostgreSQL.
 */
export function databaseUsage(database: Database): ProcessUsage | null {
  const root = database.embeddedPostgres?.pid;
  if (!root) return null;
  const total = usageOf(root, true) ?? { rss: 0, pss: 0, cpuMs: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== root) continue;
    } catch {
      continue;
    }
    const child = usageOf(Number(entry), false);
    if (!child) continue;
    total.rss += child.rss;
    total.pss += child.pss;
    total.cpuMs += child.cpuMs;
  }
  return total;
}

/** This process and its embedded PostgreSQL, if any: what the machine gives the portal. */
export function portalUsage(database: Database) {
  const own = usageOf(process.pid, false);
  const db = databaseUsage(database);
  const memory = process.memoryUsage();
  return {
    serverRss: memory.rss,
    serverPss: own?.pss ?? memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    databaseRss: db?.rss ?? null,
    databasePss: db?.pss ?? null,
    databaseCpuMs: db?.cpuMs ?? null,
    /** The server's RSS plus PostgreSQL's processes counted once each page (PSS): the honest sum. */
    totalRss: memory.rss + (db?.pss ?? 0),
  };
}
