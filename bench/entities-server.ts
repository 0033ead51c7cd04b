/**
 * The server under test for `npm run bench -- entities`: the real app (buildApp, the real
 * database driver) on a large seeded tenant, plus bare routes that answer the very same bytes from
 * memory, so the runner can compare both in one run. Started by bench/run.mjs, never by tests.
 *
 *   BENCH_DATABASE_URL=postgres://…  → PostgreSQL (the database is emptied and seeded)
 *   BENCH_DATA_DIR=…                 → PGlite in that folder (emptied and seeded)
 *
 * Prints one line `BENCH_READY {json}` when it listens.
 */
import { announceReady, benchEnv, benchSignIn, jsonBody, listenWithBareRoutes, openBenchDatabase } from './support/bench-server';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/modules/auth/password';

export const TENANT = { projects: 100_000, users: 20_000, bigUserEntities: 1_000, smallUserEntities: 10 } as const;
const PASSWORD = 'bench-password-1';
export const BIG_USER = 'bench-user-1@example.com';
export const SMALL_USER = 'bench-user-2@example.com';

/**
 * One company with 100,000 projects shared over 20,000 portal users: user 1 has 1,000 entities,
 * user 2 has 10, the other 98,990 are spread over users 3–20,000 (about 5 each). Set-based inserts
 * (generate_series), so seeding takes seconds, not minutes.
 */
async function seedTenant(db: Db) {
  const { projects, users, bigUserEntities, smallUserEntities } = TENANT;
  const rest = users - 2;
  const firstRest = bigUserEntities + smallUserEntities + 1;
  const passwordHash = await hashPassword(PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO companies (name, url, phone_default, color, logo_url, portal_welcome_message,
        is_portal_album_sharing_enabled, is_portal_file_sharing_enabled, is_portal_invoicing_enabled,
        is_portal_project_notes_enabled, is_portal_project_info_enabled)
      VALUES ('Bench Builders', 'https://bench.example.com', '(512) 555-0100', '#c2410c', '/brand/acme.svg',
        'Welcome to the bench portal.', true, true, true, true, true)`);
    await tx.execute(sql`
      INSERT INTO portal_themes (company_id, code, name, color, logo_url)
      SELECT id, 'bench', name, color, logo_url FROM companies WHERE name = 'Bench Builders'`);
    await tx.execute(sql`
      INSERT INTO project_statuses (company_id, name, color, position)
      SELECT c.id, s.name, '#2563eb', s.position
      FROM companies c, (VALUES ('Estimate', 0), ('Scheduled', 1), ('In progress', 2), ('Completed', 3)) AS s(name, position)
      WHERE c.name = 'Bench Builders'`);
    await tx.execute(sql`
      INSERT INTO staff (company_id, name, email, title)
      SELECT c.id, 'Rep ' || g, 'rep' || g || '@bench.example.com', 'Project Manager'
      FROM companies c, generate_series(1, 50) AS g WHERE c.name = 'Bench Builders'`);
    await tx.execute(sql`
      INSERT INTO portal_users (email, first_name, last_name, password_hash)
      SELECT 'bench-user-' || g || '@example.com', 'Bench', 'User ' || g, CASE WHEN g <= 2 THEN ${passwordHash} END
      FROM generate_series(1, ${users}::int) AS g`);
    await tx.execute(sql`
      INSERT INTO accounts (company_id, name, type, email, first_name, last_name, phone_cell,
        billing_address_street, billing_address_city, billing_address_state, billing_address_zip)
      SELECT c.id, 'Account ' || g, 'residential', 'bench-user-' || g || '@example.com', 'Bench', 'User ' || g,
        '(512) 555-0199', g || ' Avenue F', 'Austin', 'TX', '78751'
      FROM companies c, generate_series(1, ${users}::int) AS g WHERE c.name = 'Bench Builders'`);
    // The owner of project g: 1..1000 → user 1, 1001..1010 → user 2, the rest round-robin over users 3..20000.
    await tx.execute(sql`
      CREATE TEMPORARY TABLE bench_owner ON COMMIT DROP AS
      SELECT g AS seq,
        CASE WHEN g <= ${bigUserEntities}::int THEN 1
             WHEN g < ${firstRest}::int THEN 2
             ELSE 3 + ((g - ${firstRest}::int) % ${rest}::int) END AS owner
      FROM generate_series(1, ${projects}::int) AS g`);
    await tx.execute(sql`
      INSERT INTO projects (company_id, account_id, status_id, site_type_id, rep_primary_id, number, name,
        address_street, address_city, address_state, address_zip, address_latitude, address_longitude,
        financials_total_amount, financials_balance_amount, created_at, updated_at)
      SELECT c.id, a.id,
        (SELECT min(id) FROM project_statuses WHERE company_id = c.id) + (o.seq % 4),
        NULL,
        (SELECT min(id) FROM staff WHERE company_id = c.id) + (o.seq % 50),
        'B-' || o.seq, 'Project ' || o.seq,
        o.seq || ' Congress Ave', 'Austin', 'TX', '78701', 30.2672 + (o.seq % 1000) / 100000.0, -97.7431,
        (o.seq % 100000) * 1.25 + 1000, (o.seq % 7) * 100.5,
        now() - make_interval(mins => ${projects}::int - o.seq), now() - make_interval(mins => ${projects}::int - o.seq)
      FROM bench_owner o
      JOIN companies c ON c.name = 'Bench Builders'
      JOIN accounts a ON a.company_id = c.id AND a.email = 'bench-user-' || o.owner || '@example.com'
      ORDER BY o.seq`);
    await tx.execute(sql`
      INSERT INTO portal_entities (portal_user_id, company_id, model_type, model_id, scope, created_at, updated_at)
      SELECT u.id, p.company_id, 'project', p.id, 'customer', p.created_at, p.updated_at
      FROM projects p
      JOIN bench_owner o ON 'B-' || o.seq = p.number
      JOIN portal_users u ON u.email = 'bench-user-' || o.owner || '@example.com'
      ORDER BY p.id`);
  });
}

async function main() {
  const { database, dataDir, seedMs } = await openBenchDatabase(seedTenant);

  const folder = dataDir ?? '/tmp/portal-bench';
  const app = await buildApp({ env: benchEnv(folder), database, logger: { level: 'warn' } });
  const { bare, port } = await listenWithBareRoutes(app);

  const bigToken = await benchSignIn(app, BIG_USER, PASSWORD);
  const smallToken = await benchSignIn(app, SMALL_USER, PASSWORD);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  const listUrl = '/api/entities?include=model,company';
  const list = await app.inject({ method: 'GET', url: listUrl, headers: auth(bigToken) });
  const firstId = (list.json() as { data: { id: number }[] }).data[0]!.id;
  const showUrl = `/api/entities/${firstId}?include=model,company`;
  const show = await app.inject({ method: 'GET', url: showUrl, headers: auth(bigToken) });
  bare.set('list', jsonBody(list.body));
  bare.set('show', jsonBody(show.body));

  announceReady(app, database, {
    url: `http://127.0.0.1:${port}`,
    kind: database.kind,
    seedMs,
    tenant: TENANT,
    bigToken,
    smallToken,
    listUrl,
    showUrl,
    listBytes: Buffer.byteLength(list.body),
    showBytes: Buffer.byteLength(show.body),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
