import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A page's first render in jsdom (its lazy modules imported, React's first commit) took 1–2 s here and over 5 s, the
    // default, on a loaded machine: CI machines are up to three times slower. A failing test still fails, later.
    testTimeout: 15_000,
  },
});
