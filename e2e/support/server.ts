import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildServer } from '../../scripts/server-build.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { serverLogFile } from './run-log';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  output: () => string;
  /** Sends the server a signal without waiting; `exited` resolves with its exit code. */
  signal: (name: NodeJS.Signals) => void;
  exited: Promise<number | null>;
  /** Stops the server, and removes its data folder unless it was given one or `keepData` says to keep it. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/** Servers this test process started and that have not exited: none may outlive it, whatever a test forgot to stop. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Data folders the global setup made once for the run (support/global-setup.ts): one a server migrated and stopped,
 * one where it seeded the demo too. A server given neither DATA_DIR nor a database of its own starts from a copy of
 * the one it asks for (SEED_DEMO=false: the empty one), as a server does on its second start: a first start migrating
 * PGlite took 4.9 s here, a start on a migrated folder 1.7 s, and a demo seed many seconds more.
 */
export const DATA_TEMPLATES = { empty: 'PORTAL_E2E_EMPTY_DATA_DIR', demo: 'PORTAL_E2E_DEMO_DATA_DIR' } as const;

async function dataFolder(env: Record<string, string>, fresh: boolean): Promise<string> {
  if (env.DATA_DIR) return env.DATA_DIR;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  const template = process.env[env.SEED_DEMO === 'false' ? DATA_TEMPLATES.empty : DATA_TEMPLATES.demo];
  if (!fresh && template && !env.DATABASE_URL && !env.EMBEDDED_DATABASE) await cp(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Starts the real server, as `npm start` does (the server's bundle on plain node with its flags, the built web app, the embedded
 * database, the demo seed), on a free port with a data folder of its own: a copy of the run's migrated (or seeded)
 * folder, or with `fresh` an empty one, as on a first start.
 */
export async function startServer(env: Record<string, string> = {}, { startTimeoutMs = 60_000, fresh = false } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await dataFolder(env, fresh);
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // Built when older than the sources: a file beside this one building it too only renames the same bytes into place.
  const entry = await buildServer();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'info', RATE_LIMIT_MULTIPLIER: '100', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Every request is logged (info), and kept for the run's check that no credential reaches a log (support/run-log.ts).
  const logFile = serverLogFile(String(port));
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const output = () => log;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  running.add(child);
  child.once('exit', () => running.delete(child));
  try {
    await waitForHealth(url, child, output, startTimeoutMs);
  } catch (error) {
    // A server that never answered must not live on, holding a core, through the rest of the run.
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    output,
    signal: (name) => void child.kill(name),
    exited,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR && !keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
