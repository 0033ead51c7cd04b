import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * Files that need a module graph of their own: a `vi.mock` only replaces a module not yet imported (the notes page),
 * and React's server renderer leaves its mark on the context objects it rendered (the two sign-in files). The inbox
 * page's menu badge missed its count in 2 of 14 runs in a shuffled order after other console files; its cause is not
 * found yet, so it runs apart; so does the portal areas page, whose Selections switch read as on after the other web
 * files in one full run (its cause not found either).
 */
const OWN_MODULES = [
  'src/portal/features/notes/components/notes-page.test.tsx',
  'src/components/password-sign-in-form.test.tsx',
  'src/portal/sign-in-prerender.test.tsx',
  'src/console/features/inbox/components/inbox-page.test.tsx',
  'src/console/features/settings/components/areas-page.test.tsx',
];

const webProject = (name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean) =>
  defineProject({
    plugins: [react()],
    test: {
      name,
      root: import.meta.dirname,
      environment: 'jsdom',
      ...files,
      isolate,
      setupFiles: ['./src/test/setup.ts'],
      // A page's first render in jsdom (its lazy modules imported, React's first commit) took 1–2 s here and over 5 s,
      // the default, on a loaded machine: CI machines are up to three times slower. A failing test still fails, later.
      testTimeout: 15_000,
    },
  });

/**
 * The web app's tests in jsdom, as two projects of the root config. Every file but a few shares one jsdom and one
 * module graph per worker (isolate: false): importing React, the router and the app again for each of 70 files was four
 * fifths of this suite's time (docs/testing.md). Each test leaves the document as it found it (src/test/setup.ts).
 */
export const webProjects = [
  webProject('web', { include: ['src/**/*.test.{ts,tsx}'], exclude: OWN_MODULES }, false),
  webProject('web-own-modules', { include: OWN_MODULES }, true),
];
