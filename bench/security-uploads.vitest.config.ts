import { defineConfig } from 'vitest/config';

/**
 * The uploads suite as `npm run bench -- security --part=uploads` runs it: the server project's settings, with room for
 * the demo's seed on a machine busier than CI (the suite's own hooks allow a minute).
 */
export default defineConfig({
  test: {
    root: './apps/server',
    include: ['test/upload-abuse.test.ts'],
    environment: 'node',
    setupFiles: ['./test/setup.ts'],
    // The migrated database every test file starts from (test/global-setup.ts), as in the server project.
    globalSetup: ['./test/global-setup.ts'],
    env: { TEST_DB: 'pglite' },
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
