import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

/**
 * `npm run bench -- portal` replays, for each page, the API requests the web app sends
 * (bench/fixtures/page-requests.json). This records them again from the app in Chromium, on a
 * fresh demo of this file's own, and fails when the fixture no longer says what the app does:
 * re-record it with `node bench/record-page-requests.mjs`.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let server: RunningServer;
let folder: string;

beforeAll(async () => {
  server = await startServer();
  folder = await mkdtemp(path.join(tmpdir(), 'portal-page-requests-'));
});
afterAll(async () => {
  await server?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the benchmark’s recorded page requests', () => {
  it('are the requests the web app sends for each page today', async () => {
    const out = path.join(folder, 'page-requests.json');
    await promisify(execFile)(process.execPath, [path.join(root, 'bench/record-page-requests.mjs'), `--url=${server.url}`, `--out=${out}`], { cwd: root });
    const recorded = JSON.parse(await readFile(out, 'utf8')) as unknown;
    const fixture = JSON.parse(await readFile(path.join(root, 'bench/fixtures/page-requests.json'), 'utf8')) as unknown;
    expect(recorded, 'the app sends other requests than bench/fixtures/page-requests.json says: run node bench/record-page-requests.mjs').toEqual(fixture);
  }, 180_000);
});
