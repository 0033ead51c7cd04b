import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './suite';

const t = useTestApp();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// @redocly/cli has no Node API of its own (its bundle exports nothing): run its command on the served document.
const cli = createRequire(import.meta.url)
  .resolve('@redocly/cli/package.json')
  .replace(/package\.json$/, 'bin/cli.js');

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('passes Redocly lint (recommended rules, redocly.yaml) with no error and no warning', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    dir = await mkdtemp(path.join(tmpdir(), 'portal-openapi-'));
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, response.body);
    const run = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'],
      {
        cwd: root,
        // No network from a test: no usage report, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
    const report = JSON.parse(run.stdout || '{"problems": null}') as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer?: string }[] }[] | null;
    };
    expect(report.problems, run.stderr).not.toBeNull();
    const problems = report.problems!.map(
      (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location.map((at) => at.pointer).join(', ')})`,
    );
    expect(problems).toEqual([]);
  });
});
