import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { dropTestDatabase, TEST_DB } from '../../test/helpers';
import { openDatabase, pendingMigrations } from './client';
import { companies, portalUsers } from './schema';
import { isEmpty, seedDemo } from '../seed/index';

let dataDir: string | undefined;

afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

it.skipIf(TEST_DB !== 'pglite')(
  'starts PGlite with a small buffer pool, which it would otherwise hold in memory whole (decision 076)',
  async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-pglite-'));
    const folder = path.join(dataDir, 'db');
    for (const [asked, expected] of [
      [undefined, '16MB'],
      [32, '32MB'],
    ] as const) {
      const database = await openDatabase({ dataDir: folder, pgliteSharedBuffersMb: asked });
      try {
        const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
        expect(result.rows[0]!.shared_buffers).toBe(expected);
      } finally {
        await database.close();
      }
    }
    // A start parameter, not an edit of the folder's postgresql.conf (PGlite's `postgresqlconf` option rewrites that file whole).
    expect(readFileSync(path.join(folder, 'postgresql.conf'), 'utf8')).toMatch(/^max_connections/m);
  },
  120_000,
);

it.skipIf(TEST_DB !== 'pglite')(
  'opens a PGlite folder through a symbolic link, and a link and the folder itself share one lock',
  async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-pglite-'));
    const folder = path.join(dataDir, 'moved-to-another-disk');
    const link = path.join(dataDir, 'db');
    await mkdir(folder);
    await symlink(folder, link);

    const first = await openDatabase({ dataDir: link, owner: { role: 'the server', ifHeld: 'stop it first' } });
    try {
      await first.db.execute(sql`CREATE TABLE kept (value text)`);
      await first.db.execute(sql`INSERT INTO kept VALUES ('through the link')`);
      await expect(openDatabase({ dataDir: folder })).rejects.toThrow(/is in use by the server/);
    } finally {
      await first.close();
    }
    expect(readdirSync(folder)).toContain('PG_VERSION');
    const second = await openDatabase({ dataDir: folder });
    try {
      const result = (await second.db.execute(sql`SELECT value FROM kept`)) as unknown as { rows: { value: string }[] };
      expect(result.rows).toEqual([{ value: 'through the link' }]);
    } finally {
      await second.close();
    }
  },
  120_000,
);

it.skipIf(TEST_DB !== 'pglite')(
  'keeps PGlite data in its folder across a restart',
  async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-pglite-'));
    const folder = path.join(dataDir, 'db');

    const first = await openDatabase({ dataDir: folder });
    try {
      expect(first.kind).toBe('pglite');
      expect(await isEmpty(first.db)).toBe(true);
      await seedDemo(first.db);
    } finally {
      await first.close();
    }

    // Reopening runs the migrations again: they must be a no-op on a migrated folder.
    const second = await openDatabase({ dataDir: folder });
    try {
      expect(await isEmpty(second.db)).toBe(false);
      expect((await second.db.select().from(companies).orderBy(companies.id)).map((row) => row.name)).toEqual(['Acme Builders', 'Brightside Remodeling']);
      expect(await second.db.$count(portalUsers)).toBe(2);
    } finally {
      await second.close();
    }
    // Two fresh PGlite instances, every migration and the demo seed: a minute on a busy two-core machine.
  },
  120_000,
);

it.skipIf(TEST_DB !== 'postgres')('lets several processes start at once on an empty PostgreSQL database: one migrates, the others wait', async () => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  try {
    const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ url: url.toString(), maxConnections: 1 })));
    const databases = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);
      for (const database of databases) expect(await pendingMigrations(database.db)).toBe(0);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  } finally {
    await admin.end();
    await dropTestDatabase(name);
  }
});
