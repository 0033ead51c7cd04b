import { buffer } from 'node:stream/consumers';
import { createReadStream, existsSync } from 'node:fs';
import { chmod, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, testEnv } from '../../test/helpers';
import { processRunner, SCRIPTS } from '../../test/processes';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/client';
import { embeddedPostgresInstalled } from '../db/embedded-postgres';
import { auditLog, files, notes, projects } from '../db/schema';
import { operatorToken } from '../lib/tokens';
import { seedDemo } from '../seed/index';
import { readManifest, restoreEmbeddedPostgres, rowCounts, writeBackup, type BackupManifest } from './backup';
import { createBlobStore } from './files/blob-store';
import { folderBlobStore } from './files/blob-store/folder-store';
import type { BlobStore } from './files/blob-store/types';

/**
 * Backups of the embedded PostgreSQL (docs/decisions/085-embedded-postgres-backups.md): taken while notes are
 * written, restored into a fresh data folder, read back through the app; and the restores that must be refused.
 * Over 30 s because it starts the real PostgreSQL from its npm package (initdb and start) for each data folder.
 */

const installed = embeddedPostgresInstalled();

const OPERATOR_SECRET = 'backup-postgres-test-operator-secret-0123456789';

interface Opened {
  app: App;
  database: Database;
  blobs: BlobStore;
  close(): Promise<void>;
}

let root: string;
const dirA = () => path.join(root, 'a');
const dirB = () => path.join(root, 'b');
const opened = new Set<Opened>();
const { start, stopAll } = processRunner(() => dirA());

/** The whole server on `dataDir` with EMBEDDED_DATABASE=postgres, for inject(). */
async function openApp(dataDir: string): Promise<Opened> {
  const env = testEnv(dataDir, { EMBEDDED_DATABASE: 'postgres', OPERATOR_SECRET });
  const database = await openDatabase({ postgresDir: path.join(dataDir, 'postgres'), dataDir: path.join(dataDir, 'db') });
  const blobs = createBlobStore(env);
  const app = await buildApp({ env, database, blobs, logger: false, webDist: path.join(dataDir, 'no-web-dist') });
  const handle: Opened = {
    app,
    database,
    blobs,
    async close() {
      opened.delete(handle);
      try {
        await app.close();
      } finally {
        await database.close();
      }
    },
  };
  opened.add(handle);
  return handle;
}

async function entitiesOf(app: App): Promise<unknown[]> {
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'customer@example.com', password: 'portal-demo-1' } });
  expect(signIn.statusCode).toBe(200);
  const list = await app.inject({
    method: 'GET',
    url: '/api/entities?page[size]=100',
    headers: { authorization: `Bearer ${signIn.json<{ token: string }>().token}` },
  });
  expect(list.statusCode).toBe(200);
  return list.json<{ data: unknown[] }>().data;
}

type PostgresManifest = Extract<BackupManifest, { database: 'postgres' }>;

/** A table of a backup, read from its COPY file: each row's fields by column, as text. */
async function readBackupTable(backupDir: string, manifest: PostgresManifest, name: string): Promise<Record<string, string>[]> {
  const table = manifest.tables.find((entry) => entry.schema === 'public' && entry.name === name)!;
  const text = (await buffer(createReadStream(path.join(backupDir, table.file)).pipe(createGunzip()))).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => Object.fromEntries(line.split('\t').map((field, index) => [table.columns[index]!, field])));
}

const idsInBackup = async (backupDir: string, manifest: PostgresManifest) => (await readBackupTable(backupDir, manifest, 'notes')).map((row) => Number(row.id));

const WRITTEN = 'backupTestNote';

const blobBytes = async (blobs: BlobStore, key: string) => {
  const stream = await blobs.get(key);
  expect(stream, key).not.toBeNull();
  return buffer(stream!);
};

const countNotes = async (database: Database) => (await database.db.select({ id: notes.id }).from(notes)).length;

describe.skipIf(!installed || TEST_DB !== 'pglite')('backups of the embedded PostgreSQL', () => {
  let backupDir: string;
  let manifest: PostgresManifest;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'portal-pg-backup-'));
    // As root, PostgreSQL runs as the user `postgres`, which must be able to reach the folders.
    await chmod(root, 0o755);
  });

  afterAll(async () => {
    stopAll();
    for (const handle of [...opened]) await handle.close().catch(() => {});
    await rm(root, { recursive: true, force: true });
  });

  it('backs up the snapshot it took while notes are written, and restores it into a fresh folder', async () => {
    const a = await openApp(dirA());
    await seedDemo(a.database.db, { blobs: a.blobs });
    const [project] = await a.database.db.select({ id: projects.id, companyId: projects.company_id }).from(projects).limit(1);
    const seeded = await countNotes(a.database);

    // One writer, one note per transaction: the notes committed so far are always a prefix of `committed`. Each is
    // also recorded in the audit log, a table copied long before `notes`: only one snapshot for both keeps them equal.
    const committed: number[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const id = await a.database.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(notes)
            .values({ project_id: project!.id, body: `written during the backup ${committed.length}`, shared_with_portal: false })
            .returning({ id: notes.id });
          await tx.insert(auditLog).values({
            company_id: project!.companyId,
            at: new Date(),
            actor_kind: 'operator',
            actor_label: 'the backup test',
            action: WRITTEN,
            summary: 'A note written during the backup',
            target_kind: 'note',
            target_id: row!.id,
          });
          return row!.id;
        });
        committed.push(id);
      }
    })();
    const until = async (count: number) => {
      while (committed.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await until(5);

    const before = committed.length;
    const response = await a.app.inject({
      method: 'POST',
      url: '/api/operator/backups',
      headers: { authorization: `Bearer ${operatorToken(Buffer.from(OPERATOR_SECRET, 'utf8'))}` },
    });
    const during = committed.length;
    await until(during + 5);
    writing = false;
    await writer;
    expect(response.statusCode, response.body).toBe(201);
    backupDir = response.json<{ path: string }>().path;

    const read = await readManifest(backupDir);
    if (read.database !== 'postgres') throw new Error(`a ${read.database} backup`);
    manifest = read;
    expect(manifest).toMatchObject({ format: 1, dump: 'copy-text-gzip', migrations: expect.any(Number) as number });
    expect(manifest.migrations).toBeGreaterThan(20);
    expect(manifest.blobs!.files).toBeGreaterThan(5);
    expect(manifest.rows['drizzle.__drizzle_migrations']).toBe(manifest.migrations);

    // What the snapshot saw: the seed and a prefix of the notes written, not what is there at the end.
    const ids = await idsInBackup(backupDir, manifest);
    expect(ids).toHaveLength(manifest.rows.notes!);
    const writtenInSnapshot = manifest.rows.notes! - seeded;
    expect(writtenInSnapshot).toBeGreaterThanOrEqual(before);
    expect(writtenInSnapshot).toBeLessThanOrEqual(during);
    const audited = (await readBackupTable(backupDir, manifest, 'audit_log')).filter((row) => row.action === WRITTEN).map((row) => Number(row.target_id));
    expect(audited.sort((x, y) => x - y)).toEqual(committed.slice(0, writtenInSnapshot));
    const inFile = new Set(ids);
    expect(committed.slice(0, writtenInSnapshot).every((id) => inFile.has(id))).toBe(true);
    expect(committed.slice(writtenInSnapshot).some((id) => inFile.has(id))).toBe(false);
    expect(await countNotes(a.database)).toBe(seeded + committed.length);
    expect(await countNotes(a.database)).toBeGreaterThan(manifest.rows.notes!);
    const { notes: _notes, audit_log: _audited, ...others } = await rowCounts(a.database.db);
    expect(manifest.rows).toMatchObject(others);
    const entities = await entitiesOf(a.app);

    // Restored into a data folder of its own (A's PostgreSQL still runs: the two never meet).
    const restored = await restoreEmbeddedPostgres({
      backupDir,
      postgresDir: path.join(dirB(), 'postgres'),
      blobsDir: path.join(dirB(), 'blobs'),
      now: new Date(),
    });
    expect(restored.aside).toEqual([]);
    const b = await openApp(dirB());
    const { ['drizzle.__drizzle_migrations']: _journal, ...publicRows } = manifest.rows;
    expect(await rowCounts(b.database.db)).toEqual(publicRows);
    expect((await b.database.db.select({ id: notes.id }).from(notes)).map((row) => row.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(await entitiesOf(b.app)).toEqual(entities);
    const [file] = await b.database.db.select({ key: files.blob_key }).from(files).limit(1);
    expect((await blobBytes(b.blobs, file!.key)).equals(await blobBytes(a.blobs, file!.key))).toBe(true);
    // Sequences restored: the next note gets an id after every restored one (an identity starting again at 1 would collide).
    const [next] = await b.database.db.insert(notes).values({ project_id: project!.id, body: 'after the restore' }).returning({ id: notes.id });
    expect(next!.id).toBeGreaterThan(Math.max(...ids));
    await b.database.db.delete(notes).where(eq(notes.id, next!.id));

    // The command beside the running database copies it too (no server needed in this mode).
    const command = await start(SCRIPTS.backup, ['backup'], { EMBEDDED_DATABASE: 'postgres' }).exited;
    expect(command).toMatchObject({ code: 0, stderr: '' });
    expect(command.stdout).toMatch(/^Backup written: .*backups\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ \(\d+ rows, \d+ files\)\.\n$/);
  }, 240_000);

  it('refuses to restore over a running PostgreSQL, and moves nothing', async () => {
    const before = await readdir(dirA());
    await expect(
      restoreEmbeddedPostgres({ backupDir, postgresDir: path.join(dirA(), 'postgres'), blobsDir: path.join(dirA(), 'blobs'), now: new Date() }),
    ).rejects.toThrow(/runs on .*stop the server first/);
    expect(await readdir(dirA())).toEqual(before);
  });

  it('refuses a backup whose rows differ from its manifest, leaving the folder as it was', async () => {
    const b = [...opened].find((handle) => handle.database.embeddedPostgres?.folder === path.join(dirB(), 'postgres'))!;
    const notesBefore = await countNotes(b.database);
    await b.close();
    const tampered = path.join(root, 'tampered');
    await cp(backupDir, tampered, { recursive: true });
    await writeFile(path.join(tampered, 'manifest.json'), JSON.stringify({ ...manifest, rows: { ...manifest.rows, notes: manifest.rows.notes! + 1 } }));
    const before = await readdir(dirB());

    await expect(
      restoreEmbeddedPostgres({ backupDir: tampered, postgresDir: path.join(dirB(), 'postgres'), blobsDir: path.join(dirB(), 'blobs'), now: new Date() }),
    ).rejects.toThrow(/notes \d+ of \d+.*nothing was restored/);
    expect(await readdir(dirB())).toEqual(before);
    const again = await openApp(dirB());
    expect(await countNotes(again.database)).toBe(notesBefore);
    await again.close();
  }, 120_000);

  it('refuses a backup whose table file is damaged, leaving the folder as it was', async () => {
    const damaged = path.join(root, 'damaged');
    await cp(backupDir, damaged, { recursive: true });
    const table = manifest.tables.find((entry) => entry.name === 'projects')!;
    await writeFile(path.join(damaged, table.file), 'not gzip at all');
    const before = await readdir(dirB());
    await expect(
      restoreEmbeddedPostgres({ backupDir: damaged, postgresDir: path.join(dirB(), 'postgres'), blobsDir: path.join(dirB(), 'blobs'), now: new Date() }),
    ).rejects.toThrow(/^The backup could not be loaded \(.*\): nothing was restored\.$/);
    expect(await readdir(dirB())).toEqual(before);
  }, 120_000);

  it('restores a PGlite backup into the embedded PostgreSQL, converted table by table', async () => {
    const dataDir = path.join(root, 'from-pglite');
    const pglite = await openDatabase({});
    const pgliteBackup = path.join(root, 'pglite-backup');
    let written: BackupManifest;
    try {
      await seedDemo(pglite.db, { blobs: folderBlobStore(path.join(dataDir, 'blobs')) });
      written = await writeBackup({ database: pglite, blobsDir: path.join(dataDir, 'blobs'), outDir: pgliteBackup, now: new Date() });
    } finally {
      await pglite.close();
    }
    expect(written.database).toBe('pglite');
    await rm(path.join(dataDir, 'blobs'), { recursive: true });

    await restoreEmbeddedPostgres({
      backupDir: pgliteBackup,
      postgresDir: path.join(dataDir, 'postgres'),
      blobsDir: path.join(dataDir, 'blobs'),
      now: new Date(),
    });
    expect((await readdir(dataDir)).sort()).toEqual(['blobs', 'postgres', 'postgres.password']);
    const c = await openApp(dataDir);
    expect(await rowCounts(c.database.db)).toEqual(written.rows);
    expect((await entitiesOf(c.app)).length).toBeGreaterThan(0);
    const [file] = await c.database.db.select({ key: files.blob_key }).from(files).limit(1);
    expect((await blobBytes(c.blobs, file!.key)).length).toBeGreaterThan(0);
    const [last] = await c.database.db.select({ id: notes.id }).from(notes).orderBy(desc(notes.id)).limit(1);
    const [project] = await c.database.db.select({ id: projects.id }).from(projects).limit(1);
    const [next] = await c.database.db.insert(notes).values({ project_id: project!.id, body: 'after the move' }).returning({ id: notes.id });
    expect(next!.id).toBeGreaterThan(last!.id);
    await c.close();
  }, 180_000);

  it('refuses a backup made by newer code, and one of the embedded PostgreSQL in PGlite mode, in one line', async () => {
    const write = async (name: string, change: object) => {
      const folder = path.join(root, name);
      await cp(backupDir, folder, { recursive: true });
      const text = await readFile(path.join(folder, 'manifest.json'), 'utf8');
      await writeFile(path.join(folder, 'manifest.json'), JSON.stringify({ ...(JSON.parse(text) as object), ...change }));
      return folder;
    };
    const newer = await write('newer', { migrations: 10_000 });
    const target = { postgresDir: path.join(dirB(), 'postgres'), blobsDir: path.join(dirB(), 'blobs'), now: new Date() };
    await expect(restoreEmbeddedPostgres({ ...target, backupDir: newer })).rejects.toThrow(/made by newer code \(10000 migrations; this version has \d+\)/);

    const command = await start(SCRIPTS.backup, ['restore', newer], { EMBEDDED_DATABASE: 'postgres', DATA_DIR: dirB() }).exited;
    expect(command.code).toBe(1);
    expect(command.stderr).toMatch(/^This backup was made by newer code .*\n$/);
    const wrongMode = await start(SCRIPTS.backup, ['restore', backupDir], { DATA_DIR: dirB() }).exited;
    expect(wrongMode.code).toBe(1);
    expect(wrongMode.stderr).toBe('This backup is of the embedded PostgreSQL: restore it with EMBEDDED_DATABASE=postgres.\n');
    // Nothing to back up: the command does not initialise an empty cluster for it.
    const empty = path.join(root, 'empty');
    const nothing = await start(SCRIPTS.backup, ['backup'], { EMBEDDED_DATABASE: 'postgres', DATA_DIR: empty }).exited;
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/^There is no embedded PostgreSQL in .*empty\/postgres: nothing to back up/);
    expect(existsSync(empty)).toBe(false);
  }, 60_000);
});
