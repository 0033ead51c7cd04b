import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './chromium';
import { findLeaks, RUN_DIR_VARIABLE } from './run-log';
import { DATA_TEMPLATES, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One demo server per worker: a file takes the one of the worker it runs in (support/page.ts). */
    baseURLs: string[];
  }
}

export default async function setup(project: TestProject) {
  // Fail loudly, before anything starts, when there is no browser: never skip silently.
  chromiumPath();
  // Set before the first test process starts, so every worker and every server it starts writes here.
  const runDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-run-'));
  process.env[RUN_DIR_VARIABLE] = runDir;
  // Files run two at a time (vitest.config.ts). The files on the demo server change its data as they go (a password, a
  // read mark, an upload), each expecting no other file to be at work there: so each worker gets a demo server of its
  // own, and the files of one worker follow one another on it as they always did.
  const workers = Math.max(1, project.globalConfig.maxWorkers);
  // The folders every server of the run starts from (support/server.ts): migrated once, and seeded once, side by side.
  const [empty, demo] = await Promise.all([
    startServer({ SEED_DEMO: 'false' }, { startTimeoutMs: 180_000, fresh: true }),
    startServer({}, { startTimeoutMs: 180_000, fresh: true }),
  ]);
  await Promise.all([empty.stop({ keepData: true }), demo.stop({ keepData: true })]);
  process.env[DATA_TEMPLATES.empty] = empty.dataDir;
  process.env[DATA_TEMPLATES.demo] = demo.dataDir;
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer({}, { startTimeoutMs: 180_000 })));
  project.provide(
    'baseURLs',
    servers.map((server) => server.url),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    // No credential the run handled may be in any server's log (docs/operations.md, "Logs").
    const leaks = findLeaks(runDir);
    if (leaks.length > 0) {
      throw new Error(`Credentials reached the server log (kept in ${runDir}):\n${[...new Set(leaks)].slice(0, 50).join('\n')}`);
    }
    await rm(runDir, { recursive: true, force: true });
    await Promise.all([empty.dataDir, demo.dataDir].map((folder) => rm(folder, { recursive: true, force: true })));
  };
}
