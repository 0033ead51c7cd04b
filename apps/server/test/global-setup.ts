import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { folderBlobStore } from '../src/core/files/blob-store/folder-store';
import { seedDemo } from '../src/seed/index';
import { dropTestDatabase, withAdminClient, testDatabaseUrlOf } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database's data folder as an uncompressed tar, for openTestDatabase. */
    pgliteTemplate: string;
    /** The same with the demo seeded into it. */
    pgliteDemoTemplate: string;
    /** On PostgreSQL: a database with the demo seeded into it, for CREATE DATABASE … TEMPLATE. */
    postgresDemoTemplate: string;
    /** The blobs (photos, documents) of the seeded demo, for a test app's data folder. */
    demoBlobs: string;
  }
}

/**
 * Every server test file opens a fresh database, and most of them seed the demo into it. On PGlite, creating one and
 * running every migration costs about 1.5 s of CPU; loading a folder that is already migrated costs about 0.4 s; the
 * demo's seed (its passwords hashed, its photos written) costs 2–3 s more. So the migrations and the seed run once per
 * test run, here, and each file starts from a copy: a PGlite dump, or on PostgreSQL a database made from a template.
 * The migrator still runs on each copy and finds nothing to do, so a stale copy cannot hide a migration.
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-test-templates-'));
  const demoBlobs = path.join(folder, 'blobs');
  const dropAfter: string[] = [];
  const postgres = project.config.env?.TEST_DB === 'postgres';
  try {
    if (postgres) {
      const url = testDatabaseUrlOf(project.config.env);
      // Generated here, never from input, so it is safe to splice into the DDL.
      const name = `portal_tpl_${randomBytes(6).toString('hex')}`;
      await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${name}`));
      dropAfter.push(name);
      const templateUrl = new URL(url);
      templateUrl.pathname = `/${name}`;
      const database = await openDatabase({ url: templateUrl.toString(), maxConnections: 2 });
      try {
        await seedDemo(database.db, { blobs: folderBlobStore(demoBlobs) });
      } finally {
        await database.close();
      }
      project.provide('postgresDemoTemplate', name);
    } else {
      const database = await openDatabase({});
      try {
        const migrated = path.join(folder, 'migrated.tar');
        await writeFile(migrated, Buffer.from(await (await database.dump!('none')).arrayBuffer()));
        project.provide('pgliteTemplate', migrated);
        await seedDemo(database.db, { blobs: folderBlobStore(demoBlobs) });
        const seeded = path.join(folder, 'demo.tar');
        await writeFile(seeded, Buffer.from(await (await database.dump!('none')).arrayBuffer()));
        project.provide('pgliteDemoTemplate', seeded);
      } finally {
        await database.close();
      }
    }
    project.provide('demoBlobs', demoBlobs);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  async function cleanUp() {
    for (const name of dropAfter) await dropTestDatabase(testDatabaseUrlOf(project.config.env), name);
    await rm(folder, { recursive: true, force: true });
  }
  return cleanUp;
}
