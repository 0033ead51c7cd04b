import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
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
  stop: () => Promise<void>;
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
 * Starts the real server, as `npm start` does (the server's bundle on plain node with its flags, the built web app, the embedded
 * database, the demo seed), on a free port with a fresh data folder.
 */
export async function startServer(env: Record<string, string> = {}, { startTimeoutMs = 60_000 } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'portal-e2e-')));
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
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
