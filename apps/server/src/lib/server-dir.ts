import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, the nearest folder above this module with a package.json: the same answer from the TypeScript
 * sources (tsx, tests) and from the single file `npm start` builds into apps/server/dist, where every module's
 * import.meta.url is that file's (docs/decisions/084-memory-at-rest.md). Folders the server reads (migrations,
 * brand files, the docs' theme, the web build) are named from here, never from a module's own place.
 */
function findServerDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const SERVER_DIR = findServerDir();
