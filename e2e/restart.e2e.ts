import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/auth';
import { startServer, type RunningServer } from './support/server';

let dataDir = '';
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signIn(url: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.customer),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe('restarting on the same data folder', () => {
  it('keeps everything and seeds nothing twice', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-restart-'));
    server = await startServer({ DATA_DIR: dataDir });
    expect(server.output()).toContain('demo data seeded');
    const token = await signIn(server.url);
    await server.stop();

    server = await startServer({ DATA_DIR: dataDir });
    expect(server.output()).not.toContain('demo data seeded');
    // The session made before the restart still works: nothing was lost.
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: DEMO.customer.email });
    // The demo sign-in still works once: the seed did not run again (its users are unique).
    await signIn(server.url);
    await server.stop();
    server = undefined;
  });

  // docs/decisions/099-the-first-start-seeds-in-its-own-process.md: the image library's memory goes with that process.
  it.runIf(existsSync('/proc/self/maps'))('seeds the demo in a process of its own: the server itself never loaded the image library', async () => {
    const mapsImageLibrary = async (pid: number) => /libvips/.test(await readFile(`/proc/${pid}/maps`, 'utf8'));
    const newFolder = await mkdtemp(path.join(tmpdir(), 'portal-first-start-'));
    const emptyDatabase = await mkdtemp(path.join(tmpdir(), 'portal-empty-start-'));
    try {
      // A database a start without the demo left empty seeds beside the server too.
      await (await startServer({ DATA_DIR: emptyDatabase, SEED_DEMO: 'false' })).stop();
      for (const folder of [newFolder, emptyDatabase]) {
        server = await startServer({ DATA_DIR: folder });
        expect(server.output()).toContain('demo data seeded');
        await signIn(server.url);
        expect(await mapsImageLibrary(server.pid)).toBe(false);
        await server.stop();
        server = undefined;
      }
    } finally {
      await Promise.all([newFolder, emptyDatabase].map((folder) => rm(folder, { recursive: true, force: true })));
    }
  });

  it("seeds the demo on a first start on the embedded PostgreSQL, the seed's process joining the one the server runs", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-embedded-first-start-'));
    // Run as root, PostgreSQL runs as a user of its own, which must reach the folder.
    await chmod(folder, 0o755);
    try {
      server = await startServer({ DATA_DIR: folder, EMBEDDED_DATABASE: 'postgres' });
      expect(server.output()).toMatch(/Database: embedded PostgreSQL in .* \(started\), demo data seeded/);
      await signIn(server.url);
      await server.stop();
      server = undefined;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('stops, saying why and without a stack trace, when the seed fails in its process; the next start seeds it all', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'portal-failed-seed-'));
    try {
      // The demo's photos cannot be written where the blob folder should be.
      await writeFile(path.join(folder, 'blobs'), 'not a folder');
      const failure = await startServer({ DATA_DIR: folder }).then(
        () => 'it started',
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/The server exited with 1/);
      expect(failure).toContain(`Seeding the demo failed: ENOTDIR: not a directory, mkdir '${path.join(folder, 'blobs')}`);
      expect(failure).toContain(`The server could not start: seeding the demo into ${folder} failed (exit code 1): see above`);
      expect(failure).not.toMatch(/\n\s+at /);

      // The seed is one transaction: nothing of it was left to stop the next start from seeding.
      await rm(path.join(folder, 'blobs'));
      server = await startServer({ DATA_DIR: folder });
      expect(server.output()).toContain('demo data seeded');
      await signIn(server.url);
      await server.stop();
      server = undefined;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses to start on a bad setting, naming the variable', async () => {
    await expect(startServer({ PORT: 'not-a-port' })).rejects.toThrow(/PORT/);
  });
});
