import { defineConfig } from 'vitest/config';

/**
 * The web app's client library (src/lib: API client, list queries, loaders) against the REAL
 * server: globalSetup starts it on a free port with the demo seed and signs the demo users in.
 * Node environment: nothing here renders.
 */
export default defineConfig({
  test: {
    name: 'web-client',
    environment: 'node',
    include: ['src/**/*.api-test.ts'],
    globalSetup: ['./src/test/client-global-setup.ts'],
    setupFiles: ['./src/test/client-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
