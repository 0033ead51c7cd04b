/**
 * The server under test for `npm run bench -- notes` (docs/requirements.md 17.3): the real app (buildApp, the real
 * database driver) with one customer whose projects hold a 10,000-note thread, a 50-note thread and
 * an empty one to post into, plus a bare route that answers the newest page's bytes from memory.
 * Started by bench/notes.mjs, never by tests.
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

export const THREADS = { big: 10_000, small: 50 } as const;
const PASSWORD = 'bench-password-1';
const USER = 'bench-notes@example.com';

/**
 * Set-based inserts (generate_series): a tenth of each thread is internal, authors alternate
 * between the rep and the customer, one note a minute. note_threads holds the counts the app keeps.
 */
async function seed(db: Db) {
  const passwordHash = await hashPassword(PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO companies (name, color, is_portal_project_notes_enabled, is_portal_user_profile_pics_enabled, is_portal_project_info_enabled)
      VALUES ('Bench Notes', '#c2410c', true, true, true)`);
    // No email on the rep: posting measures the database path, not the outbox's disk writes.
    await tx.execute(sql`
      INSERT INTO staff (company_id, name, title, avatar_url)
      SELECT id, 'Rep One', 'Project Manager', '/brand/avatars/dana.svg' FROM companies WHERE name = 'Bench Notes'`);
    await tx.execute(sql`INSERT INTO portal_users (email, first_name, last_name, password_hash) VALUES (${USER}, 'Bench', 'Customer', ${passwordHash})`);
    await tx.execute(sql`
      INSERT INTO projects (company_id, rep_primary_id, number, name)
      SELECT c.id, s.id, 'N-' || g, CASE g WHEN 1 THEN 'Big thread' WHEN 2 THEN 'Small thread' ELSE 'Write here' END
      FROM companies c JOIN staff s ON s.company_id = c.id, generate_series(1, 3) AS g
      WHERE c.name = 'Bench Notes' ORDER BY g`);
    await tx.execute(sql`
      INSERT INTO portal_entities (portal_user_id, company_id, model_type, model_id, scope)
      SELECT u.id, p.company_id, 'project', p.id, 'customer' FROM projects p, portal_users u
      WHERE u.email = ${USER} ORDER BY p.id`);
    for (const [name, size] of [
      ['Big thread', THREADS.big],
      ['Small thread', THREADS.small],
    ] as const) {
      await tx.execute(sql`
        INSERT INTO notes (project_id, author_staff_id, author_portal_user_id, body, shared_with_portal, created_at, updated_at)
        SELECT p.id,
          CASE WHEN g % 2 = 0 THEN p.rep_primary_id END,
          CASE WHEN g % 2 = 1 THEN u.id END,
          'Note ' || g || ': the crew finished the day''s work and cleaned up. Tomorrow we start on the next part of the job, weather permitting.',
          g % 10 <> 0,
          now() - make_interval(mins => ${size}::int - g), now() - make_interval(mins => ${size}::int - g)
        FROM projects p, portal_users u, generate_series(1, ${size}::int) AS g
        WHERE p.name = ${name} AND u.email = ${USER}
        ORDER BY g`);
    }
    await tx.execute(sql`
      INSERT INTO note_threads (project_id, shared_count, internal_count, last_note_at)
      SELECT project_id, count(*) FILTER (WHERE shared_with_portal), count(*) FILTER (WHERE NOT shared_with_portal), max(created_at)
      FROM notes GROUP BY project_id`);
  });
}

async function main() {
  const { database, dataDir, seedMs } = await openBenchDatabase(seed);

  const app = await buildApp({ env: benchEnv(dataDir ?? '/tmp/portal-bench-notes'), database, logger: { level: 'warn' } });

  // After the writers: the thread's kept count against the rows, so a lost or doubled count fails the run.
  app.get('/__bench/check', { schema: { hide: true } }, async () => {
    const rows = await database.db.execute(sql`
      SELECT t.project_id, t.shared_count, (SELECT count(*) FROM notes n WHERE n.project_id = t.project_id AND n.shared_with_portal) AS actual
      FROM note_threads t ORDER BY t.project_id`);
    return (rows as unknown as { rows?: unknown[] }).rows ?? rows;
  });

  const { bare, port } = await listenWithBareRoutes(app);

  const token = await benchSignIn(app, USER, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const entities = (await app.inject({ method: 'GET', url: '/api/entities?include=model', headers: auth })).json() as {
    data: { id: number; model: { name: string } }[];
  };
  const entityOf = (name: string) => entities.data.find((entity) => entity.model.name === name)!.id;

  const bigUrl = `/api/notes?entity=${entityOf('Big thread')}`;
  const smallUrl = `/api/notes?entity=${entityOf('Small thread')}`;
  const big = await app.inject({ method: 'GET', url: bigUrl, headers: auth });
  const page = big.json() as { data: { id: number }[]; next_page_url: string; total: number };
  bare.set('page', jsonBody(big.body));

  announceReady(app, database, {
    url: `http://127.0.0.1:${port}`,
    kind: database.kind,
    seedMs,
    threads: THREADS,
    token,
    bigUrl,
    smallUrl,
    bigTotal: page.total,
    page2Url: page.next_page_url.replace('http://127.0.0.1', ''),
    sinceUrl: `${bigUrl}&since=${page.data[0]!.id}`,
    writeUrl: `/api/notes?entity=${entityOf('Write here')}`,
    pageBytes: Buffer.byteLength(big.body),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
