import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';
import { fileURLToPath } from 'node:url';

/** The server and the project's commands as an operator runs them: each in a process of its own, on one data folder. */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCRIPTS = {
  server: path.join(root, 'apps/server/src/server.ts'),
  seed: path.join(root, 'apps/server/src/seed/cli.ts'),
  company: path.join(root, 'apps/server/src/cli/company.ts'),
  backup: path.join(root, 'apps/server/src/cli/backup.ts'),
};

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

export interface ProcessRunner {
  start(
    script: string,
    args: string[],
    env?: Record<string, string>,
  ): {
    child: ChildProcess;
    exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
    output: () => string;
  };
  /** The server (`SCRIPTS.server` unless another script is named, such as the built bundle), once it answers. */
  startServer(env?: Record<string, string>, script?: string): Promise<ReturnType<ProcessRunner['start']> & { url: string }>;
  /** Kills whatever is still running. */
  stopAll(): void;
}

/** Processes on `dataDir()`, in production mode, without the demo unless the environment asks for it. */
export function processRunner(dataDir: () => string): ProcessRunner {
  const started: ChildProcess[] = [];
  const runner: ProcessRunner = {
    start(script, args, env = {}) {
      // TypeScript runs through tsx; a built JavaScript file (the bundle `npm start` runs) on plain node, with npm
      // start's node flags (docs/decisions/093-server-node-flags.md).
      const nodeArgs = script.endsWith('.ts') ? ['--import', 'tsx'] : SERVER_NODE_FLAGS;
      const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir(), SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.push(child);
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
        child.once('exit', (code) => resolve({ code, stdout, stderr })),
      );
      return { child, exited, output: () => stdout + stderr };
    },
    async startServer(env = {}, script = SCRIPTS.server) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const server = runner.start(script, [], { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, ...env });
      for (;;) {
        if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
        const healthy = await fetch(`${url}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) return { ...server, url };
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    stopAll() {
      for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  return runner;
}
