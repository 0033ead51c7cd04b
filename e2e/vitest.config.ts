import { defineConfig } from 'vitest/config';

/** The e2e suite: a real Chromium against the real server, started once on a free port. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
  },
});
