#!/usr/bin/env node
/**
 * `npm start`: builds the web app and the server (one JavaScript file, scripts/server-build.mjs) when a build is
 * missing or older than its sources, then runs the server in this same process, so signals reach it directly.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, newestChange } from './server-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

const sources = ['src', 'public', 'index.html', 'sign-in.html', 'vite.config.ts', 'package.json'].map((entry) => path.join(web, entry));
const contract = path.join(root, 'packages/contract/src');
const stale = !existsSync(builtIndex) || Math.max(...[...sources, contract].filter(existsSync).map(newestChange)) > statSync(builtIndex).mtimeMs;

if (stale) {
  console.log('Building the web app…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  });
}

let entry;
try {
  entry = await buildServer();
} catch (error) {
  // Never a server that does not start for want of its bundle: the TypeScript runs through tsx as before, larger.
  console.warn(`Could not build the server (${error instanceof Error ? error.message : error}); running its TypeScript through tsx.`);
  const { register } = await import('tsx/esm/api');
  register();
  entry = path.join(root, 'apps/server/src/server.ts');
}
await import(pathToFileURL(entry).href);
