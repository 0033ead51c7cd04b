import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const config = '--config=scripts/fixtures/crashing-suite/vitest.config.ts';

/** `npm run test:unit` on a small suite whose files die or fail as told; its exit code and what it printed. */
async function testUnit(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/test-unit.mjs', config], { cwd: root, env: { ...process.env, ...env } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run test:unit when a test process dies', () => {
  let folder: string;
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('names the file whose process died, runs it again alone, and passes when it passes then', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'test-unit-'));
    const { code, output } = await testUnit({ FIXTURE_CRASH_MARKER: path.join(folder, 'crashed') });
    expect(output).toMatch(/A test process died while it ran [^\n]*dies\.fixture\.ts/);
    expect(output).toMatch(/The second run of [^\n]*dies\.fixture\.ts passed/);
    expect(code).toBe(0);
  });

  it('fails when the file dies again', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'test-unit-'));
    const { code, output } = await testUnit({ FIXTURE_CRASH: 'always' });
    expect(output).toMatch(/The second run of [^\n]*dies\.fixture\.ts failed too/);
    expect(code).not.toBe(0);
  });

  it('never runs anything again when a test failed', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'test-unit-'));
    const { code, output } = await testUnit({ FIXTURE_CRASH_MARKER: path.join(folder, 'crashed'), FIXTURE_FAIL: '1' });
    expect(output).not.toMatch(/Running that file again/);
    expect(code).not.toBe(0);
  });
});
