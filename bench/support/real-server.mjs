import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A start on a whole tenant's folder takes a few seconds; a minute means it will not answer. */
const START_TIMEOUT_MS = 90_000;

/**
 * The real server as an operator runs it: `npm start`'s script and node flags (the bundle on plain node) in its own process, on
 * DATA_DIR (PGlite in DATA_DIR/db) or DATABASE_URL, production mode, quiet logs, on a free loopback port. Resolves once
 * /api/health answers. `env` goes on top (RATE_LIMIT_MULTIPLIER, METRICS_TOKEN...); the caller's environment is the
 * base, without DATABASE_URL unless given, so PGlite is what a missing one means.
 *
 * @param {{ dataDir: string, databaseUrl?: string, seed?: boolean, env?: Record<string, string>, nodeArgs?: string[], entry?: string }} options
 */
export async function startRealServer({ dataDir, databaseUrl, seed = false, env = {}, nodeArgs = [], entry = 'scripts/start.mjs' }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: seed ? 'true' : 'false',
    ...env,
  };
  if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
  else delete childEnv.DATABASE_URL;
  const file = path.resolve(root, entry);
  // TypeScript goes through tsx (the server as before decision 084); a built .mjs runs on plain node.
  const loader = file.endsWith('.ts') ? ['--import', 'tsx'] : [];
  // npm start's flags first, whatever the entry, so that `nodeArgs` can override them (`--no-liftoff-only`, another
  // semi-space size).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, ...loader, file], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const startedAt = Date.now();
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  for (;;) {
    // Killed by a signal (the kernel's OOM killer, in a memory bench), a process has a signalCode and no exitCode.
    if (gone()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (Date.now() - startedAt > START_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health in ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    const up = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    pid: child.pid,
    url,
    startMs: Date.now() - startedAt,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (gone()) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** The /metrics token the bench's real servers are started with (METRICS_TOKEN: at least 32 characters). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-'.padEnd(40, '0');

/** The server's V8 heap figures from its /metrics (kB): total, used, external, and each space's use. */
export async function heapOf(url) {
  const text = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } }).then((r) => r.text());
  const value = (name) => Number(new RegExp(`^${name} ([0-9.e+]+)`, 'm').exec(text)?.[1] ?? NaN) / 1024;
  const spaces = {};
  for (const match of text.matchAll(/^nodejs_heap_space_size_used_bytes\{space="(\w+)"\} ([0-9.e+]+)/gm)) spaces[match[1]] = Number(match[2]) / 1024;
  return {
    heapTotal: value('nodejs_heap_size_total_bytes'),
    heapUsed: value('nodejs_heap_size_used_bytes'),
    external: value('nodejs_external_memory_bytes'),
    spaces,
  };
}
