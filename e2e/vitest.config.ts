import { defineConfig } from 'vitest/config';
import { slowestFirst } from '../scripts/slowest-first';

/** The e2e suite: a real Chromium against the real server, started once on a free port. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // What a page shows after a sign-in waits for a password hash, which runs at the lowest CPU priority
    // (docs/decisions/083-password-hashing-at-low-priority.md): with two files and their servers on two cores that
    // took over a second once, vitest's default for expect.poll. A longer wait only slows a test that fails anyway.
    expect: { poll: { timeout: 10_000 } },
    // Two files at a time: a file spends much of its time waiting (on the server, on the page to settle), so two fit on
    // two cores. Each worker has a demo server of its own (support/global-setup.ts); files that start servers of their
    // own take free ports and fresh folders (docs/decisions/080-ci-under-30-minutes.md).
    maxWorkers: 2,
    fileParallelism: true,
    // The files that take a minute or more start first (measured on a clean clone, bench/README.md "CI stages").
    sequence: {
      sequencer: slowestFirst([
        'e2e/phone.e2e.ts',
        'e2e/narrow-screens.e2e.ts',
        'e2e/staff-console.e2e.ts',
        'e2e/restart.e2e.ts',
        'e2e/proposals.e2e.ts',
        'e2e/calendar.e2e.ts',
        'e2e/page-requests.e2e.ts',
      ]),
    },
  },
});
