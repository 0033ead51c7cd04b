import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from './helpers';
import { processRunner, SCRIPTS } from './processes';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (docs/operations.md, "Backups"): back up while the
 * server runs, lose data, stop the server, restore, start again and find it all. Over 30 s because the commands and
 * the server are real processes, started and stopped as an operator would.
 */

let dataDir: string;
const { start, startServer, stopAll } = processRunner(() => dataDir);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-cli-'));
});
afterAll(async () => {
  stopAll();
  await rm(dataDir, { recursive: true, force: true });
});

const entitiesOf = async (url: string) => {
  const signIn = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'customer@example.com', password: 'portal-demo-1' }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const list = await fetch(`${url}/api/entities?page[size]=100`, { headers: { authorization: `Bearer ${token}` } });
  return ((await list.json()) as { data: { id: number }[] }).data.map((entity) => entity.id);
};

describe.skipIf(TEST_DB !== 'pglite')('npm run backup and npm run restore', () => {
  it('backs up through the running server, and restores what was lost once it is stopped', async () => {
    const server = await startServer({ SEED_DEMO: 'true' });
    const before = await entitiesOf(server.url);
    expect(before.length).toBeGreaterThan(0);

    const backup = await start(SCRIPTS.backup, ['backup'], { PORTAL_URL: server.url }).exited;
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(/^Backup written by the running server: .*backups\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ \(\d+ rows, \d+ files\)\.\n$/);
    const [folder] = await readdir(path.join(dataDir, 'backups'));

    const whileRunning = await start(SCRIPTS.backup, ['restore', path.join(dataDir, 'backups', folder!)]).exited;
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toMatch(/in use by the server/);

    server.child.kill('SIGTERM');
    await server.exited;
    // Lost: the blobs are gone.
    await rm(path.join(dataDir, 'blobs'), { recursive: true, force: true });
    const restored = await start(SCRIPTS.backup, ['restore', path.join(dataDir, 'backups', folder!)]).exited;
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toMatch(/^Restored the backup of .*: \d+ rows, \d+ files\.\nWhat was there is kept in .*db\.before-restore-/);

    const again = await startServer();
    expect(await entitiesOf(again.url)).toEqual(before);
    again.child.kill('SIGTERM');
    await again.exited;
  }, 180_000);

  it('says what is wrong in one line and its usage, exit code 2', async () => {
    for (const args of [['restore'], ['backup', '--bogus'], ['frob']]) {
      const run = await start(SCRIPTS.backup, args).exited;
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.split('\n')[1]).toBe('');
      expect(run.stderr.split('\n')[2]).toMatch(/^Usage: npm run backup/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  }, 60_000);
});
