import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/boundaries.js';
import { serverPackages, serverZones } from './eslint-rules/server-zones.js';

const featuresDir = './apps/web/src/features';
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
      // Composition happens in app/: a feature never reaches into another feature, and the web
      // app never imports the server (only the contract package is shared).
      'local/boundaries': [
        'error',
        {
          packages: [{ target: './apps/web', name: '@portal/server', message: 'The web app never imports server code.' }],
          zones: [
            ...features.map((feature) => ({
              target: `${featuresDir}/${feature}`,
              from: featuresDir,
              except: [`./${feature}`],
              message: 'Features must not import each other: move shared code to components/ or lib/, compose in app/.',
            })),
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app never imports server code; share types through @portal/contract.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code must not depend on features or on the app.',
            },
          ],
        },
      ],
    },
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
