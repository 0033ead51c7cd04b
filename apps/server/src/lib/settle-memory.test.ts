import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const settle = path.join(import.meta.dirname, 'settle-memory.ts');

/** A node that leaves about 40 MB of garbage behind, settles, and prints its heap before and after. */
const probe = `
  const { settleMemoryAfterStart } = await import(${JSON.stringify(settle)});
  let garbage = Array.from({ length: 500_000 }, (_, i) => ({ i, name: 'row ' + i }));
  garbage = null;
  const before = process.memoryUsage().heapUsed;
  settleMemoryAfterStart(10);
  await new Promise((resolve) => setTimeout(resolve, 200));
  process.stdout.write(JSON.stringify({ before, after: process.memoryUsage().heapUsed }));
`;

async function heapAround(nodeFlags: string[]): Promise<{ before: number; after: number }> {
  const { stdout } = await run(process.execPath, [...nodeFlags, '--import', 'tsx', '--input-type=module', '-e', probe]);
  return JSON.parse(stdout) as { before: number; after: number };
}

describe('the collection once the server is ready', () => {
  it("gives back the start's garbage when node exposes the collector (npm start's flags)", async () => {
    const { before, after } = await heapAround(['--expose-gc']);
    expect(before - after).toBeGreaterThan(30 * 1024 * 1024);
  });

  it('does nothing, and fails nothing, without the flag', async () => {
    const { before, after } = await heapAround([]);
    expect(before - after).toBeLessThan(30 * 1024 * 1024);
  });
});
