import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

describe("the shipped server's node flags (docs/decisions/093-server-node-flags.md, 094)", () => {
  it('are the ones npm start passes, so the end-to-end servers and the benches run what ships', () => {
    const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
  });

  it('are accepted by the node running this suite: node refuses to start on a flag it does not know', async () => {
    // CI runs the suite on Node 20 and on Node 24, the LTS operators are told to run.
    const { stdout } = await run(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write(`started, gc ${typeof gc}`)']);
    // The collector exposed: the server settles its memory once ready (lib/settle-memory.ts).
    expect(stdout).toBe('started, gc function');
  });
});
