import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:unit`: the web app in jsdom and the server through inject() on an in-memory
 * PGlite, plus the same server suite on a real PostgreSQL when TEST_DATABASE_URL is set.
 * The e2e suite has its own config (e2e/vitest.config.ts).
 */
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/global-setup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Vitest's default (one less than the cores) is one worker on a 2-core machine, yet a server test file spends
    // much of its time waiting on PostgreSQL, child processes and sockets: two keep both cores busy
    // (docs/decisions/073-ci-on-node-24-first.md).
    maxWorkers: Math.max(os.availableParallelism() - 1, 2),
    projects: [
      'apps/web/vitest.config.ts',
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      'apps/web/vitest.client.config.ts',
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      ...(postgresUrl ? [serverProject('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl })] : []),
    ],
  },
});
