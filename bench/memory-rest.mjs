/**
 * The real server's memory at rest (docs/decisions/084-memory-at-rest.md): starts it as `npm start` does
 * (`scripts/start.mjs`, the bundle on plain node, with npm start's node flags: bench/support/real-server.mjs), waits
 * until /api/health answers and then --rest seconds,
 * and reads /proc/<pid>/status, /proc/<pid>/smaps (grouped by what is mapped) and the heap figures of /metrics. Runs --runs times on the same database and prints each run and the min–max.
 *
 *   node bench/memory-rest.mjs [--db=postgres|pglite] [--runs=3] [--rest=10] [--node-args="--flag ..."] [--json]
 *   (--node-args come after npm start's own flags, so `--no-liftoff-only` measures without one of them)
 *                              [--entry=scripts/start.mjs]
 *
 *   --entry: a .ts file runs through tsx (`--entry=apps/server/src/server.ts`: the server as before decision 084),
 *   anything else on plain node.
 *   --db=postgres needs DATABASE_URL (a database of its own, seeded once: the first run seeds the demo when empty);
 *   --db=pglite seeds the demo into a fresh DATA_DIR once, stops, and measures the starts after that.
 *   --first-start: with --db=pglite, each run starts on a fresh DATA_DIR, so it measures the start that creates the
 *   database and seeds the demo (docs/decisions/099-the-first-start-seeds-in-its-own-process.md).
 *   --data-dir=DIR: the server's DATA_DIR as it is (PGlite in DIR/db), neither seeded nor removed: a server started on
 *   data it did not write itself, such as the portal bench's whole tenant (bench/README.md, "Memory: the real server on a whole tenant…").
 *   Node is the one running this script: run it with Node 24's binary to measure Node 24.
 *   Extra environment for the server (MALLOC_ARENA_MAX=2 ...) is passed through from this process's.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { statusOf } from './support/proc.mjs';
import { BENCH_METRICS_TOKEN, heapOf, startRealServer } from './support/real-server.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.length ? value.join('=') : 'true'];
  }),
);
const db = args.db ?? 'postgres';
const runs = Number(args.runs ?? 3);
const restSeconds = Number(args.rest ?? 10);
const nodeArgs = (args['node-args'] ?? '').split(' ').filter(Boolean);
const mb = (kb) => Math.round(kb / 1024);
const firstStart = args['first-start'] === 'true';
if (firstStart && (db !== 'pglite' || args['data-dir'])) {
  console.error('--first-start: with --db=pglite and no --data-dir');
  process.exit(1);
}

if (db === 'postgres' && !process.env.DATABASE_URL) {
  console.error('--db=postgres needs DATABASE_URL (a database of its own)');
  process.exit(1);
}

/** Rss of every mapping in kB, grouped: the node binary, each shared library, the malloc heap, anonymous memory. */
function smapsGroups(pid) {
  const groups = {};
  let current = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) {
      const name = header[1] || '[anon]';
      current = name.startsWith('/') ? path.basename(name) : name;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) groups[current] = (groups[current] ?? 0) + Number(rss[1]);
  }
  return groups;
}

const start = (dataDir, seed) =>
  startRealServer({
    dataDir,
    seed,
    env: { METRICS_TOKEN: BENCH_METRICS_TOKEN },
    nodeArgs,
    entry: args.entry ?? 'scripts/start.mjs',
    databaseUrl: db === 'postgres' ? process.env.DATABASE_URL : undefined,
  });

const givenDataDir = args['data-dir'] ? path.resolve(args['data-dir']) : null;
const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'memory-rest-'));
try {
  if (db === 'pglite' && !givenDataDir && !firstStart) {
    const first = await start(dataDir, true);
    await first.stop();
  }
  const results = [];
  for (let run = 0; run < runs; run++) {
    const runDir = firstStart ? mkdtempSync(path.join(os.tmpdir(), 'memory-first-start-')) : dataDir;
    const server = await start(runDir, !givenDataDir);
    const { child, url, startMs } = server;
    await new Promise((resolve) => setTimeout(resolve, restSeconds * 1000));
    const status = statusOf(child.pid);
    const heap = await heapOf(url);
    const groups = smapsGroups(child.pid);
    await server.stop();
    if (firstStart) rmSync(runDir, { recursive: true, force: true });
    results.push({ startMs, status, heap, groups });
    const top = Object.entries(groups)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, kb]) => `${name} ${mb(kb)}`)
      .join(', ');
    console.log(
      `run ${run + 1}: RSS ${mb(status.VmRSS)} MB (anon ${mb(status.RssAnon)}, file ${mb(status.RssFile)}, threads ${status.Threads}); ` +
        `heap ${mb(heap.heapUsed)}/${mb(heap.heapTotal)} MB, code space ${mb(heap.spaces.code ?? 0)}, external ${mb(heap.external)}; start ${startMs} ms\n  largest mappings (MB): ${top}`,
    );
  }
  const range = (read) => {
    const values = results.map(read).map(mb);
    return `${Math.min(...values)}–${Math.max(...values)}`;
  };
  console.log(
    `\n${db}${firstStart ? ', first starts' : ''}, ${runs} runs, ${restSeconds} s at rest${nodeArgs.length ? `, node ${nodeArgs.join(' ')}` : ''}${process.env.MALLOC_ARENA_MAX ? `, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : ''}: ` +
      `RSS ${range((r) => r.status.VmRSS)} MB, anon ${range((r) => r.status.RssAnon)}, file ${range((r) => r.status.RssFile)}, ` +
      `heap used ${range((r) => r.heap.heapUsed)}, heap total ${range((r) => r.heap.heapTotal)}`,
  );
  if (args.json) console.log(JSON.stringify(results, null, 1));
} finally {
  if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
}
