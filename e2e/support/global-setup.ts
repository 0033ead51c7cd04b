import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './chromium';
import { findLeaks, RUN_DIR_VARIABLE } from './run-log';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  // Fail loudly, before anything starts, when there is no browser: never skip silently.
  chromiumPath();
  // Set before the first test process starts, so every worker and every server it starts writes here.
  const runDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-run-'));
  process.env[RUN_DIR_VARIABLE] = runDir;
  const server = await startServer();
  project.provide('baseURL', server.url);
  return async () => {
    await server.stop();
    // No credential the run handled may be in any server's log (docs/operations.md, "Logs").
    const leaks = findLeaks(runDir);
    if (leaks.length > 0) {
      throw new Error(`Credentials reached the server log (kept in ${runDir}):\n${[...new Set(leaks)].slice(0, 50).join('\n')}`);
    }
    await rm(runDir, { recursive: true, force: true });
  };
}
