import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { TEST_DB } from '../../test/helpers';
import { openDatabase } from './client';
import { companies, portalUsers } from './schema';
import { isEmpty, seedDemo } from '../seed/index';

let dataDir: string | undefined;

afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

it.skipIf(TEST_DB !== 'pglite')('keeps PGlite data in its folder across a restart', async () => {
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
    expect((await second.db.select().from(companies).orderBy(companies.id)).map((row) => row.name)).toEqual([
      'Acme Builders',
      'Brightside Remodeling',
    ]);
    expect(await second.db.$count(portalUsers)).toBe(2);
  } finally {
    await second.close();
  }
});
