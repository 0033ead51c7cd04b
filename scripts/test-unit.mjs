#!/usr/bin/env node
/**
 * `npm run test:unit`: `vitest run`, and one more run, alone, of a file whose test process died under it
 * (docs/decisions/095-a-crashed-test-process-runs-its-file-again.md).
 *
 * Vitest reports a test process that exits in the middle of a file ("Worker exited unexpectedly") as an unhandled
 * error, without naming the file: its tests are left pending. This finds them in vitest's JSON report, says which they
 * are, and runs them again on their own. A failed test is never run again, nor is a crash that names no file, nor
 * more than MAX_CRASHED files: those fail the run as they are.
 *
 *   node scripts/test-unit.mjs [vitest options and file filters]
 *
 * The second run keeps the options given as `--name=value` and drops the rest (file filters, options in two words).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs');
/** More files than this dying in one run is no passing accident: the run fails. */
const MAX_CRASHED = 2;

function vitest(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitestBin, 'run', ...args], { stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The files whose tests were left pending (started, never finished): the ones a dead test process was running. */
function crashedFiles(report) {
  const failed = report.testResults.some((file) => file.status === 'failed' || file.assertionResults.some((test) => test.status === 'failed'));
  const crashed = report.testResults
    .filter((file) => file.assertionResults.some((test) => test.status === 'pending') || (file.status === 'pending' && file.assertionResults.length === 0))
    .map((file) => path.relative(process.cwd(), file.name));
  return { failed, crashed };
}

async function main(args) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-test-unit-'));
  try {
    const reportFile = path.join(folder, 'report.json');
    const code = await vitest([...args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]);
    if (code === 0) return 0;
    let report;
    try {
      report = JSON.parse(await readFile(reportFile, 'utf8'));
    } catch {
      return code;
    }
    const { failed, crashed } = crashedFiles(report);
    if (failed || crashed.length === 0 || crashed.length > MAX_CRASHED) return code;
    console.error(
      `\nA test process died while it ran ${crashed.join(', ')}: its tests never finished. ` +
        'Running that file again, alone (docs/decisions/095-a-crashed-test-process-runs-its-file-again.md).\n',
    );
    const options = args.filter((arg) => /^--[\w.-]+=/.test(arg));
    const again = await vitest([...options, ...crashed]);
    console.error(again === 0 ? `\nThe second run of ${crashed.join(', ')} passed.\n` : `\nThe second run of ${crashed.join(', ')} failed too.\n`);
    return again;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
