#!/usr/bin/env node
/**
 * `npm test`: the type checks, the linter, the unit and integration suites and the end-to-end suite, in three stages
 * that keep both cores busy (docs/testing.md):
 *
 *   1. the type checks, the linter and the web app's build, side by side (each runs on one core, mostly);
 *   2. the unit and integration suites (`scripts/test-unit.mjs`, two test processes);
 *   3. the end-to-end suite, on the build of stage 1 (two files at a time).
 *
 * A stage starts only when the one before it has passed. The side-by-side checks print their output when each ends,
 * one after the other, never interleaved. At the end the time of each stage is printed, and appended as JSON lines to
 * $TEST_STAGE_TIMES when set (`.ci/run` prints them with its own stages).
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times = [];

function run(command, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function stage(name, work) {
  const started = performance.now();
  console.log(`\n== ${name}`);
  const ok = await work();
  const seconds = Math.round((performance.now() - started) / 1000);
  times.push({ stage: name, seconds, ok });
  console.log(`== ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
  return ok;
}

/** Several commands at once, each one's output printed whole as it ends. */
async function sideBySide(commands) {
  const results = await Promise.all(
    commands.map(async ([label, args]) => {
      const started = performance.now();
      const { code, output } = await run(npm, ['run', '--silent', ...args], { quiet: true });
      const seconds = Math.round((performance.now() - started) / 1000);
      console.log(`-- ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
      if (output.trim()) console.log(output.trimEnd());
      return code === 0;
    }),
  );
  return results.every(Boolean);
}

function summary() {
  console.log('\nnpm test, each stage:');
  for (const { stage: name, seconds, ok } of times) console.log(`  ${String(seconds).padStart(5)} s  ${ok ? 'passed' : 'FAILED'}  ${name}`);
  if (process.env.TEST_STAGE_TIMES) for (const entry of times) appendFileSync(process.env.TEST_STAGE_TIMES, `${JSON.stringify(entry)}\n`);
}

const ok =
  (await stage('type checks, lint and the web build', () =>
    sideBySide([
      ['type checks', ['typecheck']],
      ['lint', ['lint']],
      ['web build', ['build']],
    ]),
  )) &&
  (await stage('unit and integration tests', async () => (await run(process.execPath, ['scripts/test-unit.mjs'])).code === 0)) &&
  (await stage(
    'end-to-end tests',
    async () => (await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'e2e/vitest.config.ts'])).code === 0,
  ));
summary();
process.exit(ok ? 0 : 1);
