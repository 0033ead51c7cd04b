/**
 * For `npm run bench -- embedded`: how long opening the embedded database takes by itself (no
 * server, no demo seed), on an empty folder (PGlite's first start / initdb, then the migrations)
 * and again on the same folder. Prints one JSON line. `BENCH_MODE=pglite|postgres`, `BENCH_FOLDER=…`.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';

const mode = process.env.BENCH_MODE === 'postgres' ? 'postgres' : 'pglite';
const folder = path.resolve(process.env.BENCH_FOLDER ?? 'bench/.results/embedded-open');
await rm(folder, { recursive: true, force: true });
const options = { dataDir: path.join(folder, 'db'), postgresDir: mode === 'postgres' ? path.join(folder, 'postgres') : undefined };

const timed = async () => {
  const started = performance.now();
  const database = await openDatabase(options);
  const openMs = performance.now() - started;
  await database.db.execute(sql`select count(*) from companies`);
  const closing = performance.now();
  await database.close();
  return { openMs: Math.round(openMs), closeMs: Math.round(performance.now() - closing) };
};

const empty = await timed();
const again = await timed();
console.log(JSON.stringify({ mode, empty, again }));
