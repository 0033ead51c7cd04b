/**
 * Before against after: the portal workload at one fixed rate, alternating an earlier commit and this working tree.
 *
 *   node bench/compare.mjs --against=<commit> [--db=postgres] [--rate=40] [--step=45] [--rounds=2] [--scale=1]
 *
 * The earlier commit is checked out as a git worktree in the system's temporary folder, with this tree's
 * node_modules linked in (the same dependencies: a commit whose lockfile differs needs its own `npm ci` there). Each
 * run is `npm run bench -- portal --max-steps=1`: one step of `--step` seconds at `--rate` page views/s after the
 * warm-up, on a tenant seeded afresh, with the same visitors drawn (the bench's fixed seed). Runs alternate, so a
 * machine that gets busier or quieter weighs on both sides alike. The figures to compare are the CPU per page view
 * and the latencies at the same rate; the page views per second measured are what the sessions' think time gave.
 * PostgreSQL needs TEST_DATABASE_URL, as the portal bench does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
if (!args.against) {
  console.error('Usage: node bench/compare.mjs --against=<commit> [--db=postgres] [--rate=40] [--step=45] [--rounds=2] [--scale=1]');
  process.exit(2);
}
const db = args.db ?? 'postgres';
const rate = Number(args.rate ?? 40);
const step = Number(args.step ?? 45);
const rounds = Number(args.rounds ?? 2);
const scale = Number(args.scale ?? 1);

const git = (...gitArgs) => spawnSync('git', gitArgs, { cwd: root, encoding: 'utf8' });
const resolved = git('rev-parse', '--verify', `${args.against}^{commit}`);
if (resolved.status !== 0) {
  console.error(`Not a commit: ${args.against}`);
  process.exit(2);
}
const commit = resolved.stdout.trim();
const before = path.join(os.tmpdir(), `portal-compare-${commit.slice(0, 12)}`);
if (!existsSync(before)) {
  const added = git('worktree', 'add', '--detach', before, commit);
  if (added.status !== 0) {
    console.error(added.stderr.trim());
    process.exit(1);
  }
}
for (const folder of ['.', 'apps/server', 'apps/web', 'packages/contract']) {
  const modules = path.join(root, folder, 'node_modules');
  const link = path.join(before, folder, 'node_modules');
  if (existsSync(modules) && existsSync(path.join(before, folder)) && !existsSync(link)) symlinkSync(modules, link);
}

/** One run in a tree; the figures of its report. */
function run(tree) {
  const result = spawnSync(
    'npm',
    ['run', 'bench', '--', 'portal', `--db=${db}`, `--start-rate=${rate}`, '--max-steps=1', `--step=${step}`, `--scale=${scale}`],
    { cwd: tree, encoding: 'utf8', env: process.env, maxBuffer: 64 * 1024 * 1024 },
  );
  const saved = /Results: (\S+\.json)/.exec(result.stdout ?? '');
  if (result.status !== 0 || !saved) {
    console.error(`The run in ${tree} failed:\n${(result.stdout ?? '').slice(-2000)}${(result.stderr ?? '').slice(-2000)}`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(path.join(tree, saved[1]), 'utf8'));
  const measured = report.databases[db]?.variants?.default;
  if (!measured?.best) {
    console.error(`The run in ${tree} reported nothing for ${db} (is the database reachable?).`);
    process.exit(1);
  }
  const { best } = measured;
  return {
    views: best.rate,
    p50: best.p50,
    p99: best.p99,
    index: `${best.perPage.index?.p50} / ${best.perPage.index?.p99}`,
    notes: `${best.perPage.notes?.p50} / ${best.perPage.notes?.p99}`,
    serverCpu: measured.cpuMsPerViewWithoutLogins,
    machineCpu: measured.machineCpuMsPerView,
    load: report.loadBefore,
  };
}

const rows = [];
for (let round = 1; round <= rounds; round++) {
  for (const [label, tree] of [
    [`before (${commit.slice(0, 7)})`, before],
    ['after (this tree)', root],
  ]) {
    const figures = run(tree);
    rows.push({ label, round, ...figures });
    console.log(`${label}, round ${round}: ${JSON.stringify(figures)}`);
  }
}

console.log(`\n${db}, ${rate} page views/s for ${step} s, tenant scale ${scale}, ${rounds} rounds alternating:\n`);
console.log(
  "| | round | page views/s | p50 / p99 ms | index p50 / p99 | notes p50 / p99 | server CPU ms / view, sign-ins out | the machine's CPU ms / view | load before |",
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  console.log(
    `| ${row.label} | ${row.round} | ${row.views} | ${row.p50} / ${row.p99} | ${row.index} | ${row.notes} | ${row.serverCpu} | ${row.machineCpu} | ${row.load.toFixed(1)} |`,
  );
}
