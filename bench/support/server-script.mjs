import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBundle } from '../../scripts/server-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The file a bench runs for a server entry (a path from the repository's root): since decision 084 the entry built into
 * one file under apps/server/dist/bench, run on plain node as `npm start` runs the server, without tsx (whose loader
 * thread and source maps are about 70 MB of memory the shipped server does not have). `BENCH_TSX=1`: the TypeScript
 * itself, run through tsx as before.
 * @param {string} entry
 */
export async function benchServerScript(entry) {
  if (process.env.BENCH_TSX) return path.join(root, entry);
  return buildBundle(path.join(root, entry), path.join(root, 'apps/server/dist/bench', `${path.basename(entry, '.ts')}.mjs`));
}

/** Node's arguments that run a bench server's file: TypeScript through tsx, a built file as it is. @param {string} script */
export const nodeArgsFor = (script) => (script.endsWith('.ts') ? ['--import', 'tsx', script] : [script]);
