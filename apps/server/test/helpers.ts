import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/seed/index';
import { parseEnv } from '../src/env';
import { blobFolder, createBlobStore } from '../src/core/files/blob-store';
import { dropTestDatabase as dropDatabase, testDatabaseUrlOf, whileBusy, withAdminClient } from './databases';

/** Which database this run tests against: the root vitest.config.ts sets TEST_DB per project. */
export const TEST_DB: Database['kind'] = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** Closes the database and, on PostgreSQL, drops it. */
  close(): Promise<void>;
}

/**
 * A fresh, migrated database of its own: an in-memory PGlite, or with TEST_DB=postgres a brand-new
 * database on the TEST_DATABASE_URL server, dropped again on close.
 */
export async function openTestDatabase({ demo = false }: { demo?: boolean } = {}): Promise<TestDatabase> {
  if (TEST_DB === 'pglite') {
    // A copy of the migrated (or seeded) folder test/global-setup.ts made once for the run.
    const database = await openDatabase({ loadDump: new Blob([await readFile(inject(demo ? 'pgliteDemoTemplate' : 'pgliteTemplate'))]) });
    return { database, close: () => database.close() };
  }

  // Generated here, never from input, so it is safe to splice into the DDL.
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  const server = testDatabaseUrlOf();
  await withAdminClient(server, (client) =>
    whileBusy(() => client.query(`CREATE DATABASE ${name}${demo ? ` TEMPLATE ${inject('postgresDemoTemplate')}` : ''}`)),
  );
  const url = new URL(server);
  url.pathname = `/${name}`;
  const drop = () => dropTestDatabase(name);

  let database: Database;
  try {
    database = await openDatabase({ url: url.toString(), maxConnections: 4 });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    database,
    close: async () => {
      try {
        await database.close();
      } finally {
        await drop();
      }
    },
  };
}

export interface TestAppOptions {
  /** Seed the demo before building the app. */
  seed?: boolean;
  /** Settings on top of the test defaults, as they would appear in the environment. */
  env?: Record<string, string>;
  /** The built web app to serve; by default a folder that does not exist, so only the API is served. */
  webDist?: string;
  /** The app's clock (session and link expiry). */
  now?: () => Date;
  /** A logger to read what the server logs; none by default. */
  logger?: BuildAppOptions['logger'];
}

export interface TestApp {
  /** Built but not ready: a test may still add routes before its first inject(). */
  app: App;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** The whole server on a fresh database, for inject(). Always `close()` it (afterAll/afterEach). */

/** The environment of a test app on `dataDir`: quiet, no demo, a fixed public address; `extra` on top. */
export function testEnv(dataDir: string, extra: Record<string, string> = {}) {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://portal.test',
    SEED_DEMO: 'false',
    // The suites' webhook receivers listen on the loopback over http://; modules/webhooks/webhook-targets.test.ts turns
    // this off to see what every installation that does not set it refuses.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    ...extra,
  });
}
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // The demo as global-setup.ts seeded it once for the run, with its blobs copied below; a bucket gets a seed of its own.
  const seededCopy = Boolean(options.seed) && !options.env?.S3_BUCKET;
  const testDatabase = await openTestDatabase({ demo: seededCopy });
  const { database } = testDatabase;
  let dataDir: string | undefined;
  const cleanUp = async () => {
    try {
      await testDatabase.close();
    } finally {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  };

  try {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
    const env = testEnv(dataDir, options.env);
    // The seed writes the demo's photos and documents where the app will read them.
    const blobs = createBlobStore(env);
    if (seededCopy) await cp(inject('demoBlobs'), blobFolder(env)!, { recursive: true });
    else if (options.seed) await seedDemo(database.db, { blobs });
    const app = await buildApp({
      blobs,
      env,
      database,
      logger: options.logger ?? false,
      webDist: options.webDist ?? path.join(dataDir, 'no-web-dist'),
      now: options.now,
    });
    return {
      app,
      database,
      dataDir,
      close: async () => {
        try {
          await app.close();
        } finally {
          await cleanUp();
        }
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * Resolves once the app's change feed has handled every write committed before the call: a marker
 * sent on the same channel arrives after them (PostgreSQL delivers notifications in commit order).
 */
export async function changesSettled(app: App): Promise<void> {
  await app.changes.settled(60_000);
}

/** Drops a database a test made on the TEST_DATABASE_URL server. */
export const dropTestDatabase = (name: string) => dropDatabase(testDatabaseUrlOf(), name);
