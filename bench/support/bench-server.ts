/**
 * What every bench server process shares: bare routes that answer the very same bytes as the real
 * ones straight from memory (the ceiling of this server, measured in the same run), listening on a
 * free loopback port, and the `BENCH_READY {json}` line the runner waits for.
 */
import type { FastifyInstance } from 'fastify';
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
 * own, emptied) or BENCH_DATA_DIR (a fresh PGlite folder), seeded and analysed.
 */
export async function openBenchDatabase(seed: (db: Db) => Promise<void>) {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!url && !dataDir) throw new Error('Set BENCH_DATABASE_URL or BENCH_DATA_DIR.');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  const started = Date.now();
  const database = await openDatabase({ url, dataDir, maxConnections: 10 });
  if (url) await database.db.execute(sql`TRUNCATE companies, portal_users RESTART IDENTITY CASCADE`);
  await seed(database.db);
  await database.db.execute(sql`ANALYZE`);
  return { database, dataDir, seedMs: Date.now() - started };
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
