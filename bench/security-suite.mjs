/**
 * Runs one of the security suites (apps/server/test/security/) at the size given, in vitest as `npm test` does, and
 * answers the figures the suite wrote (SECURITY_REPORT).
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function runSecuritySuite(file, env) {
  const reportFile = path.join(os.tmpdir(), `portal-security-${process.pid}-${Date.now()}.json`);
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server-pglite', `apps/server/test/security/${file}`],
      { cwd: root, env: { ...process.env, ...env, SECURITY_REPORT: reportFile }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.once('exit', resolve);
  });
  const figures = JSON.parse(await readFile(reportFile, 'utf8').catch(() => '{}'));
  await rm(reportFile, { force: true });
  return { ...figures, elapsedMs: figures.elapsedMs ?? Date.now() - started, passed: code === 0 && !figures.failure };
}
