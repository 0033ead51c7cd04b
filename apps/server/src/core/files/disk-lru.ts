import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A `.part` file older than this was left by a process that died while writing it. */
const STALE_PART_MS = 60 * 60 * 1000;

/**
 * Keeps a folder of cached files under a size: least recently used first out. The order lives in
 * memory; at start it is rebuilt from the files' modification times, so a restart forgets only
 * which old files were read recently. Files are only ever written whole (rename), so deleting one
 * never cuts an answer short that has already opened it.
 */
export function diskLru(options: { dir: string; maxBytes: number }) {
  /** Path → size, least recently used first. */
  const entries = new Map<string, number>();
  let total = 0;
  let loading: Promise<void> | null = null;

  async function scan() {
    const found: { file: string; size: number; mtime: number }[] = [];
    const walk = async (dir: string, depth: number) => {
      const items = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const item of items) {
        const file = path.join(dir, item.name);
        if (item.isDirectory() && depth < 2) await walk(file, depth + 1);
        else if (item.isFile()) {
          const info = await stat(file).catch(() => null);
          if (!info) continue;
          // Half-written files a crash left behind: nobody will finish them.
          if (item.name.endsWith('.part')) {
            if (Date.now() - info.mtimeMs > STALE_PART_MS) await rm(file, { force: true }).catch(() => undefined);
          } else found.push({ file, size: info.size, mtime: info.mtimeMs });
        }
      }
    };
    await walk(options.dir, 0);
    found.sort((a, b) => a.mtime - b.mtime);
    // Files added while scanning are already in, and more recent than anything found.
    const added = [...entries];
    entries.clear();
    total = 0;
    for (const { file, size } of found) if (!added.some(([known]) => known === file)) put(file, size);
    for (const [file, size] of added) put(file, size);
  }

  function put(file: string, size: number) {
    const previous = entries.get(file);
    if (previous !== undefined) total -= previous;
    entries.delete(file);
    entries.set(file, size);
    total += size;
  }

  const ready = () => (loading ??= scan());

  return {
    /** Bytes the folder holds as far as the cache knows (metrics). */
    bytes: () => total,
    /** A cached file was read: it goes to the back of the queue. */
    touch(file: string) {
      const size = entries.get(file);
      if (size === undefined) return;
      entries.delete(file);
      entries.set(file, size);
    },
    /** A file was written: counts it, then trims the folder to 90 % of its budget when it is over. */
    async add(file: string, size: number) {
      put(file, size);
      await ready();
      if (total <= options.maxBytes) return;
      for (const [oldest, oldestSize] of entries) {
        if (total <= options.maxBytes * 0.9 || oldest === file) break;
        entries.delete(oldest);
        total -= oldestSize;
        // A file that cannot be removed now is counted again by the next start's scan; it never fails an answer.
        await rm(oldest, { force: true }).catch(() => undefined);
      }
    },
    /** Bytes the folder holds, as far as this process knows (after the first scan). */
    async size() {
      await ready();
      return total;
    },
  };
}
