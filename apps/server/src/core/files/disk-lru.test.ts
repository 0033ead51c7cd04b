import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskLru } from './disk-lru';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-lru-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const KB = 1024;
async function write(name: string, size: number, mtime?: Date) {
  const file = path.join(dir, name.slice(0, 2), name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(size));
  if (mtime) await utimes(file, mtime, mtime);
  return file;
}
const left = async () =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((item) => item.isFile())
    .map((item) => item.name)
    .sort();

describe('the image cache folder', () => {
  it('stays under its budget, dropping the least recently used files first', async () => {
    const lru = diskLru({ dir, maxBytes: 10 * KB });
    const a = await write('aa-1', 4 * KB);
    await lru.add(a, 4 * KB);
    const b = await write('bb-2', 4 * KB);
    await lru.add(b, 4 * KB);
    lru.touch(a); // a was read after b: b is now the oldest
    const c = await write('cc-3', 4 * KB);
    await lru.add(c, 4 * KB);
    expect(await left()).toEqual(['aa-1', 'cc-3']);
    expect(await lru.size()).toBe(8 * KB);
  });

  it('finds what an earlier run left, oldest first by modification time', async () => {
    await write('aa-old', 4 * KB, new Date('2026-01-01T00:00:00Z'));
    await write('bb-new', 4 * KB, new Date('2026-06-01T00:00:00Z'));
    const lru = diskLru({ dir, maxBytes: 10 * KB });
    expect(await lru.size()).toBe(8 * KB);
    const c = await write('cc-now', 4 * KB);
    await lru.add(c, 4 * KB);
    expect(await left()).toEqual(['bb-new', 'cc-now']);
  });

  it('never drops the file it has just written, even when that alone is over the budget', async () => {
    const lru = diskLru({ dir, maxBytes: 2 * KB });
    const big = await write('aa-big', 3 * KB);
    await lru.add(big, 3 * KB);
    expect(await left()).toEqual(['aa-big']);
    const next = await write('bb-next', 1 * KB);
    await lru.add(next, 1 * KB);
    expect(await left()).toEqual(['bb-next']);
  });
});
