/**
 * `npm run seed` seeds the demo into an empty database; `npm run seed -- --reset` empties it first.
 */
import { openDatabase } from '../db/client';
import { resetDatabase, seedIfEmpty } from './index';
import { databaseOptions, EnvError, parseEnv } from '../env';
import { createBlobStore } from '../core/files/blob-store';
import { DataDirLockedError } from '../lib/data-dir-lock';
import { EmbeddedPostgresError } from '../db/embedded-postgres';

try {
  const env = parseEnv();
  const reset = process.argv.includes('--reset');
  const database = await openDatabase(databaseOptions(env, { role: 'npm run seed', ifHeld: 'stop that process first, then seed' }));
  try {
    if (reset) await resetDatabase(database.db);
    if (await seedIfEmpty(database.db, { blobs: createBlobStore(env) })) {
      console.log(reset ? 'Database reset and demo data seeded.' : 'Demo data seeded.');
    } else {
      console.log('The database already holds data; nothing seeded. Use `npm run seed -- --reset` to start over.');
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof EnvError || error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError ? error.message : error);
  process.exitCode = 1;
}
