/**
 * The server under test for `npm run bench -- webhooks`: the real app (buildApp, the real driver, the real webhook
 * sender) on a company with one customer and one project. Started by bench/webhooks.mjs, never by tests; killed and
 * started again on the same database in the middle of a run.
 *
 *   BENCH_DATABASE_URL=postgres://…  → PostgreSQL;  BENCH_DATA_DIR=…  → PGlite in that folder
 *   BENCH_FRESH=1                    → empty and seed the database first (else open it as it was left)
 *
 * Prints one line `BENCH_READY {json}` when it listens.
 */
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { companies } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/auth/password';
import { apiKeysRepository } from '../apps/server/src/modules/integration/api-keys.repository';
import { announceReady, benchEnv, benchSignIn, listenWithBareRoutes, openBenchDatabase } from './support/bench-server';

const USER = 'bench-webhooks@example.com';
const PASSWORD = 'bench-password-1';

async function seed(db: Db) {
  const passwordHash = await hashPassword(PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO companies (name, color, is_portal_project_notes_enabled) VALUES ('Bench Webhooks', '#0f766e', true)`);
    await tx.execute(sql`INSERT INTO portal_users (email, first_name, last_name, password_hash) VALUES (${USER}, 'Bench', 'Customer', ${passwordHash})`);
    await tx.execute(sql`INSERT INTO projects (company_id, number, name) SELECT id, 'W-1', 'Webhook project' FROM companies`);
    await tx.execute(sql`
      INSERT INTO portal_entities (portal_user_id, company_id, model_type, model_id, scope)
      SELECT u.id, p.company_id, 'project', p.id, 'customer' FROM projects p, portal_users u`);
    await tx.execute(sql`INSERT INTO company_customers (company_id, portal_user_id, activated_at) SELECT c.id, u.id, now() FROM companies c, portal_users u`);
  });
}

async function main() {
  const fresh = process.env.BENCH_FRESH === '1';
  const opened = fresh
    ? await openBenchDatabase(seed)
    : {
        database: await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir: process.env.BENCH_DATA_DIR, maxConnections: 10 }),
        dataDir: process.env.BENCH_DATA_DIR,
        seedMs: 0,
      };
  const { database, dataDir } = opened;
  // The receiver is an http:// endpoint on the loopback, which is refused unless allowed. Retries are scaled down so a
  // run takes minutes.
  const env = benchEnv(dataDir ?? '/tmp/portal-bench-webhooks', {
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_SCALE: process.env.WEBHOOK_RETRY_SCALE ?? '0.01',
  });
  const app = await buildApp({ env, database, logger: { level: 'warn' } });
  const { url } = await listenWithBareRoutes(app);

  const [company] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Bench Webhooks'));
  const key = fresh ? (await apiKeysRepository(database.db).create(company!.id, 'bench')).key : null;
  const token = await benchSignIn(app, USER, PASSWORD);
  const entities = (await app.inject({ method: 'GET', url: '/api/entities', headers: { authorization: `Bearer ${token}` } })).json() as {
    data: { id: number }[];
  };
  announceReady(app, database, { url, kind: database.kind, seedMs: opened.seedMs, key, token, notesUrl: `/api/notes?entity=${entities.data[0]!.id}` });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
