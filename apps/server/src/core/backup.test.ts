import { createHash } from 'node:crypto';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../test/helpers';
import { openDatabase } from '../db/client';
import { notes } from '../db/schema';
import { DataDirLockedError } from '../lib/data-dir-lock';
import { seedDemo } from '../seed/index';
import { BackupError, restoreBackup, rowCounts, writeBackup } from './backup';
import { folderBlobStore } from './files/blob-store/folder-store';

/** Back up the embedded database and the blobs, lose them, restore, and find every record and file (docs/operations.md). */

let dataDir: string;
const dbDir = () => path.join(dataDir, 'db');
const blobsDir = () => path.join(dataDir, 'blobs');

async function fingerprints(folder: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    result[path.relative(folder, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return result;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(TEST_DB !== 'pglite')('backup and restore of the embedded database', () => {
  it('restores every record and file as they were at the backup, moving what was there aside', async () => {
    const database = await openDatabase({ dataDir: dbDir() });
    let rowsAtBackup: Record<string, number>;
    const backupDir = path.join(dataDir, 'backups', 'first');
    try {
      await seedDemo(database.db, { blobs: folderBlobStore(blobsDir()) });
      rowsAtBackup = await rowCounts(database.db);
      const manifest = await writeBackup({ database, blobsDir: blobsDir(), outDir: backupDir, now: new Date('2026-11-23T10:00:00Z') });
      expect(manifest.rows).toEqual(rowsAtBackup);
      expect(manifest.blobs!.files).toBeGreaterThan(5);
      await expect(writeBackup({ database, blobsDir: blobsDir(), outDir: backupDir, now: new Date() })).rejects.toThrow(BackupError);
      // A change after the backup, which the restore takes back.
      await database.db.delete(notes);
    } finally {
      await database.close();
    }
    const filesAtBackup = await fingerprints(blobsDir());
    await rm(path.join(blobsDir(), Object.keys(filesAtBackup)[0]!));

    const { aside } = await restoreBackup({ backupDir, dbDir: dbDir(), blobsDir: blobsDir(), now: new Date('2026-11-23T11:00:00Z') });
    expect(aside.map((folder) => path.basename(folder))).toEqual([
      'db.before-restore-2026-11-23T11-00-00-000Z',
      'blobs.before-restore-2026-11-23T11-00-00-000Z',
    ]);

    const restored = await openDatabase({ dataDir: dbDir() });
    try {
      expect(await rowCounts(restored.db)).toEqual(rowsAtBackup!);
      expect((await restored.db.select().from(notes)).length).toBe(rowsAtBackup!.notes);
    } finally {
      await restored.close();
    }
    expect(await fingerprints(blobsDir())).toEqual(filesAtBackup);
  }, 120_000); // two PGlite folders made from nothing, every migration, the demo seed and its files: slow on a busy machine

  it('refuses to restore over a folder a running process holds, and moves nothing', async () => {
    const backupDir = path.join(dataDir, 'backups', 'first');
    const holder = await openDatabase({ dataDir: dbDir() });
    try {
      await expect(restoreBackup({ backupDir, dbDir: dbDir(), blobsDir: blobsDir(), now: new Date() })).rejects.toThrow(DataDirLockedError);
      expect((await holder.db.select().from(notes)).length).toBeGreaterThan(0);
    } finally {
      await holder.close();
    }
  });

  it('restores through a link into the folder it points to, keeping the link, and sees a server that opened that folder', async () => {
    const backupDir = path.join(dataDir, 'backups', 'first');
    const disk = path.join(dataDir, 'other-disk', 'db');
    const link = path.join(dataDir, 'linked', 'db');
    await mkdir(disk, { recursive: true });
    await mkdir(path.dirname(link));
    await symlink(disk, link);
    const holder = await openDatabase({ dataDir: disk });
    try {
      await expect(restoreBackup({ backupDir, dbDir: link, blobsDir: null, now: new Date() })).rejects.toThrow(DataDirLockedError);
    } finally {
      await holder.close();
    }

    const { manifest, aside } = await restoreBackup({ backupDir, dbDir: link, blobsDir: null, now: new Date('2026-11-27T16:00:00Z') });
    expect(aside).toEqual([`${disk}.before-restore-2026-11-27T16-00-00-000Z`]);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    const restored = await openDatabase({ dataDir: link });
    try {
      expect(await rowCounts(restored.db)).toEqual(manifest.rows);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a folder that is not a finished backup', async () => {
    await expect(restoreBackup({ backupDir: path.join(dataDir, 'nowhere'), dbDir: dbDir(), blobsDir: blobsDir(), now: new Date() })).rejects.toThrow(
      /is not a finished backup: it has no manifest\.json\./,
    );
  });
});
