import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/boundaries.js';
import { serverPackages, serverZones } from './eslint-rules/server-zones.js';

const web = './apps/web/src';
// The web app is two apps, each in its folder (docs/decisions/123-the-portal-and-the-console-in-two-folders.md).
const webApps = ['portal', 'console'];
const featuresOf = (app) =>
  readdirSync(`${web}/${app}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Top down: the entries, app/ (composes the two apps), portal/ and console/ (each its routes, layouts and features),
 * root/ (the root route and sign-in layout both hang under), then components/ and lib/, shared.
 */
const webZones = [
  ...webApps.flatMap((app) =>
    featuresOf(app).map((feature) => ({
      target: `${web}/${app}/features/${feature}`,
      from: `${web}/${app}/features`,
      except: [`./${feature}`],
      message: "Features must not import each other: move shared code to the app's components/ or lib/ (or the shared ones), compose in its routes.",
    })),
  ),
  ...webApps.map((app) => ({
    target: `${web}/${app}`,
    from: webApps.filter((other) => other !== app).map((other) => `${web}/${other}`),
    message: 'The portal and the console never import each other: what both use belongs in src/components/ or src/lib/.',
  })),
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app never imports server code; share types through @portal/contract.',
  },
  {
    target: `${web}/root`,
    from: webApps.map((app) => `${web}/${app}`),
    message: 'root/ lies beneath both apps: it imports neither (app/ hands in what it needs of them).',
  },
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [...webApps.map((app) => `${web}/${app}`), `${web}/root`, `${web}/app`],
    message: 'Shared code must not depend on either app, on root/ or on app/.',
  },
];
// Only the entries import app/, which composes both apps; tests sit above it (they build a router to check a page).
const appZone = {
  target: [...webApps.map((app) => `${web}/${app}`), `${web}/root`],
  from: `${web}/app`,
  message: 'app/ composes both apps: only the entries (main.tsx, sign-in.tsx) import it.',
};
const webPackages = [{ target: './apps/web', name: '@portal/server', message: 'The web app never imports server code.' }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**', 'bench/.results/**', 'e2e/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { local, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Each app composes its features in its routes: a feature never reaches into another feature, the portal and
      // the console never into each other, and the web app never imports the server (only the contract is shared).
      'local/boundaries': ['error', { packages: webPackages, zones: webZones }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.api-test.ts', 'apps/web/src/test/**'],
    rules: { 'local/boundaries': ['error', { packages: webPackages, zones: [...webZones, appZone] }] },
  },
  {
    // The browser takes the contract's types and its plain values, never its zod schemas (decisions
    // 015 and 024): a value import of '@portal/contract' would bring classic zod and every schema.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.api-test.ts', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@portal/contract',
              allowTypeImports: true,
              message:
                "Import types with `import type`, and values from '@portal/contract/constants' or another of its plain subpaths (package.json's exports).",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests sit above every zone: they compose whatever they check.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    plugins: { local },
    rules: { 'local/boundaries': ['error', { zones: serverZones(), packages: serverPackages }] },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\.).*', message: 'The contract depends on zod only.' }] }],
    },
  },
);
