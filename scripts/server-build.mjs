/**
 * The server as one JavaScript file for `npm start` (docs/decisions/084-memory-at-rest.md): run under tsx, the
 * server carries tsx's loader thread (a second V8 heap) and every module's source map, about 70 MB at rest.
 * esbuild (tsx's own compiler) bundles apps/server/src and the contract into apps/server/dist/server.mjs in well
 * under a second; every npm package stays an import of node_modules, as under tsx. Rebuilt when missing or older
 * than its sources. Tests, `npm run dev` and the commands keep running the TypeScript through tsx.
 */
import { existsSync, readdirSync, renameSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
export const SERVER_BUNDLE = path.join(server, 'dist/server.mjs');
const SOURCES = [path.join(server, 'src'), path.join(server, 'package.json'), path.join(root, 'packages/contract/src'), fileURLToPath(import.meta.url)];

/** When anything under `target` last changed (ms): a build is stale when its sources are newer. @param {string} target */
export function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

export function serverBundleIsStale() {
  return !existsSync(SERVER_BUNDLE) || Math.max(...SOURCES.filter(existsSync).map(newestChange)) > statSync(SERVER_BUNDLE).mtimeMs;
}

/** Builds apps/server/dist/server.mjs (and its source map beside it) when stale; returns its path. */
export async function buildServer({ force = false } = {}) {
  if (!force && !serverBundleIsStale()) return SERVER_BUNDLE;
  return buildBundle(path.join(server, 'src/server.ts'), SERVER_BUNDLE);
}

/**
 * Any entry of the server's kind (the server, a bench server) as one file, the way `npm start` runs the server, so a
 * measurement of memory is of what ships. `outfile` must sit under apps/server: the server finds its folders from
 * the nearest package.json above the running file (apps/server/src/lib/server-dir.ts).
 * @param {string} entry
 * @param {string} outfile
 */
export async function buildBundle(entry, outfile) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces name the real functions; `node --enable-source-maps` maps them back to the .ts lines.
    keepNames: true,
    sourcemap: 'linked',
    outfile,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'node-modules-stay-external',
        setup(build) {
          // The workspace's own TypeScript packages (@portal/contract) go into the bundle; every other package is
          // imported from node_modules at run time: native addons, their own files and fonts stay where they are.
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  mkdirSync(path.dirname(outfile), { recursive: true });
  // The map first and the bundle last, each renamed into place: a start beside this one never reads half a file.
  const files = [...result.outputFiles].sort((a) => (a.path.endsWith('.map') ? -1 : 1));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  return outfile;
}
