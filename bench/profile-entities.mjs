#!/usr/bin/env node
/**
 * The CPU profile of the uncached entities list on PostgreSQL: the entities bench server
 * (bench/entities-server.ts) runs under `node --cpu-prof`, autocannon asks it (no response cache, decision 071) for
 * `GET /api/entities?include=model,company` (30 items) for a while, and the profile's heaviest
 * frames by self time are printed with the server's CPU per request.
 *
 *   TEST_DATABASE_URL=postgres://… node bench/profile-entities.mjs [--duration=20] [--top=25] [--database=portal_bench_profile]
 *
 * Before the list, the same bytes from a bare route (bench/support/bench-server.ts) for as long: the server's CPU per
 * request for nothing but HTTP, in the same run, so a busy machine shows up in both figures and their ratio holds.
 *
 * The profile itself lands in bench/.results/profiles/ (open it in Chrome's DevTools).
 */
import { spawn } from 'node:child_process';
import { benchServerScript, nodeArgsFor } from './support/server-script.mjs';
import { processCpuMs } from './support/proc.mjs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (key, fallback) => process.argv.find((each) => each.startsWith(`--${key}=`))?.slice(key.length + 3) ?? fallback;
const duration = Number(arg('duration', 20));
const top = Number(arg('top', 25));
const profiles = path.join(root, 'bench/.results/profiles');
await mkdir(profiles, { recursive: true });

const admin = process.env.TEST_DATABASE_URL ?? 'postgres://portal:portal@127.0.0.1:5432/portal_test';
const database = arg('database', 'portal_bench_profile');
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
await client.query(`DROP DATABASE IF EXISTS ${database}`);
await client.query(`CREATE DATABASE ${database}`);
await client.end();
const url = new URL(admin);
url.pathname = `/${database}`;

const before = new Set(await readdir(profiles));
// The server as `npm start` runs it: built into one file, on plain node (BENCH_TSX=1: through tsx).
const script = await benchServerScript('bench/entities-server.ts');
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profiles}`, ...nodeArgsFor(script)], {
  cwd: root,
  env: { ...process.env, BENCH_DATABASE_URL: url.toString() },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = await new Promise((resolve, reject) => {
  let log = '';
  child.stdout.on('data', (chunk) => {
    log += chunk;
    const line = log.split('\n').find((text) => text.startsWith('BENCH_READY '));
    if (line) resolve(JSON.parse(line.slice('BENCH_READY '.length)));
  });
  child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
});

const cpuSeconds = async () => processCpuMs(child.pid) / 1000;
const load = (seconds, pathAndQuery = ready.listUrl) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url: `${ready.url}${pathAndQuery}`, connections: 10, duration: seconds, headers: { authorization: `Bearer ${ready.bigToken}` } },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
await load(3, '/__bench/bare/list');
const bareCpuBefore = await cpuSeconds();
const bare = await load(duration, '/__bench/bare/list');
const bareCpuMs = (((await cpuSeconds()) - bareCpuBefore) * 1000) / bare.requests.total;
await load(3);
const cpuBefore = await cpuSeconds();
const loadStart = performance.now();
const result = await load(duration);
const loadEnd = performance.now();
const cpuAfter = await cpuSeconds();
if (result.non2xx) throw new Error(`${result.non2xx} non-2xx answers`);
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
const exitAt = performance.now();

const file = (await readdir(profiles)).find((name) => !before.has(name) && name.endsWith('.cpuprofile'));
const profile = JSON.parse(await readFile(path.join(profiles, file), 'utf8'));
// Self time per frame: the samples' time deltas credited to the node each sample landed in.
const self = new Map();
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
// Only the samples taken under load: the profile ends when the process does, so the window is
// counted back from its end (the seed and the start-up stay out).
const windowStart = profile.endTime - (exitAt - loadStart) * 1000;
const windowEnd = profile.endTime - (exitAt - loadEnd) * 1000;
let at = profile.startTime;
profile.samples.forEach((id, index) => {
  at += profile.timeDeltas[index] ?? 0;
  if (at >= windowStart && at <= windowEnd) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const frames = new Map();
for (const [id, micros] of self) {
  const { callFrame } = byId.get(id);
  const where = callFrame.url
    ? `${callFrame.url
        .replace(/^file:\/\//, '')
        .replace(`${root}/`, '')
        .replace(/.*node_modules\//, '')}:${callFrame.lineNumber + 1}`
    : '';
  const key = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
  frames.set(key, (frames.get(key) ?? 0) + micros);
}
const total = [...frames.values()].reduce((a, b) => a + b, 0);
const busy = total - (frames.get('(idle)') ?? 0);
const cpuMs = ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
console.log(
  `\n${result.requests.total} requests in ${duration} s (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms); ` +
    `server CPU ${cpuMs.toFixed(3)} ms per request. Profile: ${path.relative(root, path.join(profiles, file))}\n` +
    `The same bytes from the bare route: ${Math.round(bare.requests.average)} req/s, ${bareCpuMs.toFixed(3)} ms of CPU per request; ` +
    `the list costs ${(cpuMs / bareCpuMs).toFixed(2)}× that (${(cpuMs - bareCpuMs).toFixed(3)} ms more).\n`,
);
console.log('| self % of busy time | frame |\n|---:|---|');
for (const [key, micros] of [...frames]
  .filter(([key]) => !key.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)) {
  console.log(`| ${((100 * micros) / busy).toFixed(1)} | \`${key}\` |`);
}
