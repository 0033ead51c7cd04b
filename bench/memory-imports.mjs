/**
 * What each of the server's heavy dependencies costs in memory once imported (docs/decisions/084-memory-at-rest.md).
 * Each one is imported alone in a fresh `node --expose-gc` (after a full GC: RSS, anonymous and file-backed RSS, JS
 * heap used, the threads, and how long the import took), against a bare node; then all of them one after the other in one process, in the
 * order given, for the cumulative picture (shared dependencies count where they are first met).
 *
 *   node bench/memory-imports.mjs [--only=sharp,pdfkit] [--tsx] [--runs=3]
 *
 *   --tsx: every process also registers tsx (as `node --import tsx`, `npm run dev` and the tests do) and the list ends with the
 *   server's own app (apps/server/src/app.ts and the database client).
 *   --runs: fresh processes per import; the median is printed.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, '').split('=');
    return [key, value.length ? value.join('=') : 'true'];
  }),
);
const withTsx = args.tsx === 'true';
const runs = Number(args.runs ?? 3);

/** What the server imports that is large, from apps/server (so its node_modules resolve). */
const MODULES = [
  'zod',
  'fastify',
  'fastify-type-provider-zod',
  '@fastify/compress',
  '@fastify/cors',
  '@fastify/multipart',
  '@fastify/static',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'drizzle-orm',
  'drizzle-orm/pg-core',
  'drizzle-orm/node-postgres',
  'drizzle-orm/pglite',
  'pg',
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  'pdfkit',
  'yazl',
  '@aws-sdk/client-s3',
  'nodemailer',
  'prom-client',
  'qs',
];
const OWN = ['./src/db/client.ts', './src/app.ts'];
const only = args.only?.split(',');
const list = only ?? [...MODULES, ...(withTsx ? OWN : [])];

/** The probe: imports the given specifiers in order, printing the process's memory after each as one JSON line. */
const probe = `
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
const require = createRequire(${JSON.stringify(pathToFileURL(path.join(server, 'package.json')).href)});
const status = () => {
  const text = readFileSync('/proc/self/status', 'utf8');
  const kb = (field) => Number(new RegExp('^' + field + ':\\\\s+(\\\\d+)', 'm').exec(text)?.[1] ?? 0);
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile'), threads: kb('Threads') };
};
const settle = async () => { for (let i = 0; i < 3; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 50)); } };
const measure = async (name, ms = 0) => { await settle(); console.log(JSON.stringify({ name, ...status(), heap: Math.round(process.memoryUsage().heapUsed / 1024), ms })); };
${withTsx ? `const { register } = await import(${JSON.stringify(pathToFileURL(path.join(server, 'node_modules/tsx/dist/esm/api/index.mjs')).href)}).catch(() => import('tsx/esm/api')); register();` : ''}
// The loaders' own first use (an ES module, a CommonJS one through import) is not any dependency's cost.
await import('data:text/javascript,export default 1');
await import(pathToFileURL(require.resolve('fastify-plugin')).href);
await measure('(node${withTsx ? ' + tsx' : ''})');
for (const name of JSON.parse(process.argv[1])) {
  const target = name.startsWith('./') ? ${JSON.stringify(pathToFileURL(server).href + '/')} + name.slice(2) : pathToFileURL(require.resolve(name)).href;
  const started = performance.now();
  await import(target);
  await measure(name, Math.round(performance.now() - started));
}
`;

function run(names) {
  const output = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', probe, JSON.stringify(names)], {
    cwd: server,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (kb) => (kb / 1024).toFixed(1).padStart(6);
const header = `${'import'.padEnd(30)} ${'RSS'.padStart(6)} ${'anon'.padStart(6)} ${'file'.padStart(6)} ${'heap'.padStart(6)}  threads  import ms   (MB above the baseline)`;

console.log(`Node ${process.version}${withTsx ? ', tsx registered' : ''}; median of ${runs} fresh processes each\n\nEach alone:\n${header}`);
const alone = [];
for (const name of list) {
  const samples = Array.from({ length: runs }, () => run([name]));
  const pick = (index, field) => median(samples.map((sample) => sample[index][field]));
  const base = { rss: pick(0, 'rss'), anon: pick(0, 'anon'), file: pick(0, 'file'), heap: pick(0, 'heap') };
  if (alone.length === 0)
    console.log(`${samples[0][0].name.padEnd(30)} ${mb(base.rss)} ${mb(base.anon)} ${mb(base.file)} ${mb(base.heap)}  ${samples[0][0].threads}   (absolute)`);
  const row = { name, rss: pick(1, 'rss') - base.rss, anon: pick(1, 'anon') - base.anon, file: pick(1, 'file') - base.file, heap: pick(1, 'heap') - base.heap };
  alone.push(row);
  console.log(
    `${name.padEnd(30)} ${mb(row.rss)} ${mb(row.anon)} ${mb(row.file)} ${mb(row.heap)}  ${String(samples[0][1].threads).padStart(7)}  ${String(pick(1, 'ms')).padStart(8)}`,
  );
}

console.log(`\nOne after the other in one process (the delta each adds):\n${header}`);
const together = run(list);
for (let index = 1; index < together.length; index++) {
  const now = together[index];
  const before = together[index - 1];
  console.log(
    `${now.name.padEnd(30)} ${mb(now.rss - before.rss)} ${mb(now.anon - before.anon)} ${mb(now.file - before.file)} ${mb(now.heap - before.heap)}  ${String(now.threads).padStart(7)}  ${String(now.ms).padStart(8)}`,
  );
}
const last = together[together.length - 1];
console.log(`${'total'.padEnd(30)} ${mb(last.rss)} ${mb(last.anon)} ${mb(last.file)} ${mb(last.heap)}  ${last.threads}   (absolute)`);
