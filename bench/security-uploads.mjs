/**
 * Uploads part of `npm run bench -- security`: runs apps/server/test/upload-abuse.test.ts (every hostile file on every
 * upload route; the same size in `npm test` and here) and reports its cases.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function benchUploads({ log }) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-uploads-'));
  const output = path.join(folder, 'report.json');
  try {
    const code = await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [
          path.join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--config',
          path.join(root, 'bench/security-uploads.vitest.config.ts'),
          '--reporter=json',
          `--outputFile=${output}`,
        ],
        { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      child.once('exit', resolve);
    });
    const report = JSON.parse(await readFile(output, 'utf8'));
    const figures = {
      cases: report.numTotalTests,
      passed: report.numPassedTests,
      // A hook that failed (the demo not seeded in time) skips every case: those count as failed here.
      failed: report.numTotalTests - report.numPassedTests - report.numPendingTests + (code === 0 ? 0 : report.numPendingTests),
      failures: [
        ...report.testResults.map((file) => file.message).filter(Boolean),
        ...report.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName)),
      ].slice(0, 10),
    };
    log(JSON.stringify(figures));
    if (code !== 0) process.exitCode = 1;
    return {
      ...figures,
      summary: [
        ['hostile files × upload routes', `${figures.cases} cases: **${figures.passed} refused or kept as promised**, ${figures.failed} failed or not run`],
      ],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
