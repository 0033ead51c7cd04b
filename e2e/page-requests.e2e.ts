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

type Recording = { pages: Record<string, { path: string; load: string[]; navigate: string[] }> };

/**
 * The bench sends a page view's GETs all at once and a write after the reads before it (bench/portal.mjs), so what it
 * replays is each run of reads as a set, and where the writes fall. Two reads the app asks for in the same moment (the
 * context check and the index page's list, decision 090) arrive at the server in either order.
 */
function asReplayed(recording: Recording) {
  const runs = (requests: string[]) => {
    const out: string[][] = [];
    for (const request of requests) {
      const last = out.at(-1);
      if (request.startsWith('GET ') && last?.[0]?.startsWith('GET ')) last.push(request);
      else out.push([request]);
    }
    return out.map((run) => run.sort());
  };
  return Object.fromEntries(
    Object.entries(recording.pages).map(([page, { path: address, load, navigate }]) => [page, { address, load: runs(load), navigate: runs(navigate) }]),
  );
}
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
    const recorded = JSON.parse(await readFile(out, 'utf8')) as Recording;
    const fixture = JSON.parse(await readFile(path.join(root, 'bench/fixtures/page-requests.json'), 'utf8')) as Recording;
    expect(asReplayed(recorded), 'the app sends other requests than bench/fixtures/page-requests.json says: run node bench/record-page-requests.mjs').toEqual(
      asReplayed(fixture),
    );
  }, 180_000);
});
