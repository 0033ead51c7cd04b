import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from './helpers';
import { freePort, processRunner, SCRIPTS } from './processes';

/**
 * The embedded database's folder against a second process: the server, `npm run seed` and
 * `npm run company` (which goes through the running server) as an operator runs them, each in its own process.
 */
const { server: SERVER, seed: SEED, company: COMPANY } = SCRIPTS;

let dataDir: string;
const { start, startServer, stopAll } = processRunner(() => dataDir);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-folder-lock-'));
});

afterAll(async () => {
  stopAll();
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(TEST_DB !== 'pglite')('a data folder held by a running server', () => {
  let first: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    first = await startServer();
  }, 120_000);

  const heldBy = () => new RegExp(`^The .*in use by the server \\(pid ${first.child.pid}, since [^)]+\\): stop that process`);

  it('keeps a second server from starting, in one line that names the first', async () => {
    const port = await freePort();
    const second = await start(SERVER, [], { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` }).exited;
    expect(second.code).not.toBe(0);
    expect(second.stdout).toBe('');
    expect(second.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^The server could not start: /)]);
    expect(second.stderr.replace('The server could not start: ', '')).toMatch(heldBy());
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/health`)).ok).toBe(true);
  }, 60_000);

  it('lets the company command take on a company through the server that holds the folder', async () => {
    const run = await start(COMPANY, ['create-company', '--name', 'Held Folder Co', '--owner-email', 'owner@held.example', '--owner-name', 'Hal Held'], {
      PORTAL_URL: first.url,
    }).exited;
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const key = /ppk_\S+/.exec(run.stdout)![0];
    const company = await fetch(`${first.url}/api/integration/company`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(company.status).toBe(200);
  }, 60_000);

  it('keeps `npm run seed` out too', async () => {
    const run = await start(SEED, []).exited;
    expect(run.code).not.toBe(0);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(heldBy());
  }, 60_000);

  it('lets the next process in once the server is killed with SIGKILL', async () => {
    first.child.kill('SIGKILL');
    await first.exited;

    const seed = await start(SEED, []).exited;
    expect(seed).toMatchObject({ code: 0, stderr: '' });
    // It got in: it reads the company the command made through the server, and leaves it be.
    expect(seed.stdout).toContain('The database already holds data; nothing seeded.');

    // The company command goes through a server: with none running it says so, in one line before its usage.
    const key = await start(COMPANY, ['create-api-key', '--company', '1', '--name', 'crm'], { PORTAL_URL: first.url }).exited;
    expect(key.code).toBe(2);
    expect(key.stdout).toBe('');
    expect(key.stderr.split('\n')[0]).toMatch(/^The portal server at .* is not answering \(ECONNREFUSED\)/);
  }, 120_000);
});
