import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config';
import { slowestFirst } from './scripts/slowest-first';

/**
 * `npm run test:unit`: the web app in jsdom and the server through inject() on an in-memory
 * PGlite, plus the same server suite on a real PostgreSQL when TEST_DATABASE_URL is set.
 * The e2e suite has its own config (e2e/vitest.config.ts).
 */
const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude,
    environment: 'node',
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // One module graph per worker, not one per file: every file builds its own app and database from the same modules,
    // and importing them again for each of 110 files was a third of this suite's time (docs/testing.md).
    isolate: false,
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * PGlite is PostgreSQL itself, so on PostgreSQL the suite runs again only where the database decides what a test
 * sees: the node-postgres driver's types, a pool of connections and transactions running at the same time (locks,
 * SKIP LOCKED, unique keys raced), LISTEN/NOTIFY, the migrations, every repository through the routes that use it,
 * and the isolation suites. These files decide nothing there: pure helpers, the command line, the HTTP layer's
 * shapes, limits and headers, the fuzz and upload-abuse suites (input refused before or without the database),
 * password hashing, address checks, mail timing and the API document (docs/testing.md).
 */
const notDecidedByTheDatabase = [
  'src/lib/**',
  'src/cli/**',
  'src/env.test.ts',
  'src/plugins/!(idempotency|audit).test.ts',
  'src/core/files/blob-store/**',
  'src/core/files/disk-lru.test.ts',
  'src/core/files/image-proxy.test.ts',
  'src/core/mail/mailer.test.ts',
  'src/core/webhooks/post.test.ts',
  'src/core/webhooks/targets.test.ts',
  'src/modules/auth/password-queue.test.ts',
  'src/modules/auth/password-worker.test.ts',
  'src/modules/auth/mail-after-answer.test.ts',
  'src/modules/webhooks/webhook-targets.test.ts',
  'src/modules/docs/**',
  'src/modules/invoices/{aging,money,statement}.test.ts',
  'test/security/fuzz.test.ts',
  'test/upload-abuse.test.ts',
  'test/openapi-lint.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default (one less than the cores) is one worker on a 2-core machine, yet a server test file spends
    // much of its time waiting on PostgreSQL, child processes and sockets: two keep both cores busy
    // (docs/decisions/073-ci-on-node-24-first.md).
    maxWorkers: Math.max(os.availableParallelism() - 1, 2),
    // The files that take 20 s or more start first (bench/README.md, "CI stages").
    sequence: {
      sequencer: slowestFirst([
        'apps/server/src/db/pglite-thread.test.ts',
        'apps/server/test/durability.test.ts',
        'apps/server/src/core/backup-postgres.test.ts',
        'apps/server/test/backup.test.ts',
        'apps/server/test/load.test.ts',
        'apps/server/src/db/client.test.ts',
        'apps/server/src/core/backup.test.ts',
      ]),
    },
    projects: [
      ...webProjects,
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      'apps/web/vitest.client.config.ts',
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      ...(postgresUrl ? [serverProject('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }, notDecidedByTheDatabase)] : []),
    ],
  },
});
