/**
 * The server under test for `npm run bench -- portal`: a tenant of realistic size (3 companies,
 * 20,000 portal users, 40,000 projects with notes, albums, invoices, documents, change orders, allowances and
 * selections in the demo's proportions), and the real app on it. Started by bench/portal.mjs. (Until decision 071 it also ran
 * the app with its response cache off, to measure that cache against this workload; the figures are
 * in bench/README.md.)
 *
 *   BENCH_DATABASE_URL=postgres://…  → PostgreSQL (emptied and seeded)
 *   BENCH_DATA_DIR=…                 → PGlite in that folder (emptied and seeded)
 *   BENCH_EMBEDDED_POSTGRES_DIR=…    → the embedded PostgreSQL in that folder (emptied and seeded)
 *   BENCH_SCALE=0.1                  → a tenth of the tenant, for a quick run while developing
 *
 *   BENCH_STATEMENT_TIMES=1          → time every statement (bench/support/statement-times.ts; PGlite's thread times its own), at `GET /__bench/statements`
 *
 * `GET /__bench/stats` answers this process's CPU time and RSS (now and the peak, sampled every 100 ms), with the embedded PostgreSQL's processes added in. Prints `BENCH_READY {json}` when it listens.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/modules/auth/password';
import { apiKeysRepository } from '../apps/server/src/modules/integration/api-keys.repository';
import { announceReady, benchEnv, openBenchDatabase, portalUsage } from './support/bench-server';
import { statementTimes, summarize, timeStatements } from './support/statement-times';

if (process.env.BENCH_STATEMENT_TIMES) timeStatements();

const scale = Number(process.env.BENCH_SCALE ?? 1);
export const TENANT = {
  companies: 3,
  users: Math.round(20_000 * scale),
  projects: Math.round(40_000 * scale),
  // Per project, about the demo's proportions: a thread of notes (one in eight internal), one shared
  // album of photos, invoices of two lines (a third of them paid in part), documents.
  notesPerProject: 8,
  photosPerProject: 4,
  invoicesPerProject: 2,
  documentsPerProject: 2,
  // The first change order sent and awaiting an answer, the others approved (with their evidence); two items each.
  changeOrdersPerProject: 2,
  // Selection k draws on allowance k, the last on none; options priced under, at and over their allowance, the second
  // selection chosen by the customer (under its allowance: a credit nobody has carried yet, so no change order).
  allowancesPerProject: 2,
  selectionsPerProject: 3,
  optionsPerSelection: 3,
} as const;
export const PASSWORD = 'bench-password-1';
const seedSteps: Record<string, number> = {};

/**
 * Set-based inserts only (generate_series). User g belongs to company 1 + (g - 1) % 3 and owns projects g and
 * g + users (two each); files, photos and documents find each other by id (each project's files are a run of
 * photosPerProject + documentsPerProject ids, in project order), not by a key computed from text, and so do the
 * selections and their allowances, and the options' photos and the project's photo files.
 *
 * Where the time goes (bench/README.md, "Seed"): foreign-key checks, one per row and key, and the indexes; no trigger
 * of ours fires per row since migration 0027. The tenant's core (companies to portal entities) is one transaction;
 * then the notes, the files with albums, photos and documents, the invoices with their lines and payments, the change
 * orders with their items and approvals, and the allowances with their selections, options and choices go in five
 * transactions side by side, on five of the pool's connections (PostgreSQL: less wall time on two idle cores; PGlite
 * has one connection and runs them one after the other); last, the options' photos, which need both files and options.
 */
async function seedTenant(db: Db) {
  const { users, projects, notesPerProject, photosPerProject, invoicesPerProject, documentsPerProject } = TENANT;
  const filesPerProject = photosPerProject + documentsPerProject;
  const passwordHash = await hashPassword(PASSWORD);
  // Each statement's time, by the table it fills: where the seed's time goes (the three branches overlap).
  const timed = (inner: Pick<Db, 'execute'>) => ({
    execute: async (query: Parameters<Db['execute']>[0]) => {
      const started = Date.now();
      const result = await inner.execute(query);
      const text = JSON.stringify((query as unknown as { queryChunks?: unknown }).queryChunks ?? '');
      const table = /INSERT INTO (\w+)/.exec(text)?.[1] ?? 'other';
      seedSteps[table] = (seedSteps[table] ?? 0) + Date.now() - started;
      return result;
    },
  });
  await db.transaction(async (inner) => {
    const tx = timed(inner);
    await tx.execute(sql`
      INSERT INTO companies (name, url, phone_default, color, logo_url, portal_welcome_message,
        is_portal_album_sharing_enabled, is_portal_file_sharing_enabled, is_portal_invoicing_enabled,
        is_portal_project_notes_enabled, is_portal_project_info_enabled, is_portal_change_orders_enabled, is_portal_selections_enabled)
      SELECT 'Bench Builders ' || c, 'https://bench' || c || '.example.com', '(512) 555-010' || c, '#c2410c', '/brand/acme.svg',
        'Welcome to the bench portal.', true, true, true, true, true, true, true
      FROM generate_series(1, 3) AS c`);
    await tx.execute(sql`
      INSERT INTO portal_themes (company_id, code, name, color, logo_url)
      SELECT id, 'bench' || id, name, color, logo_url FROM companies`);
    await tx.execute(sql`
      INSERT INTO project_statuses (company_id, name, color, position)
      SELECT c.id, s.name, '#2563eb', s.position
      FROM companies c, (VALUES ('Estimate', 0), ('Scheduled', 1), ('In progress', 2), ('Completed', 3)) AS s(name, position)`);
    await tx.execute(sql`
      INSERT INTO staff (company_id, name, email, title)
      SELECT c.id, 'Rep ' || g, 'rep' || g || '@bench' || c.id || '.example.com', 'Project Manager'
      FROM companies c, generate_series(1, 20) AS g`);
    await tx.execute(sql`
      INSERT INTO portal_users (email, first_name, last_name, password_hash)
      SELECT 'bench-user-' || g || '@example.com', 'Bench', 'User ' || g, ${passwordHash}
      FROM generate_series(1, ${users}::int) AS g ORDER BY g`);
    await tx.execute(sql`
      INSERT INTO accounts (company_id, name, type, email, first_name, last_name, phone_cell,
        billing_address_street, billing_address_city, billing_address_state, billing_address_zip)
      SELECT (SELECT min(id) FROM companies) + (g - 1) % 3, 'Account ' || g, 'residential', 'bench-user-' || g || '@example.com',
        'Bench', 'User ' || g, '(512) 555-0199', g || ' Avenue F', 'Austin', 'TX', '78751'
      FROM generate_series(1, ${users}::int) AS g ORDER BY g`);
    await tx.execute(sql`
      INSERT INTO projects (company_id, account_id, status_id, site_type_id, rep_primary_id, number, name,
        address_street, address_city, address_state, address_zip, address_latitude, address_longitude,
        financials_total_amount, financials_balance_amount, created_at, updated_at)
      SELECT a.company_id, a.id,
        (SELECT min(id) FROM project_statuses WHERE company_id = a.company_id) + (p % 4),
        NULL,
        (SELECT min(id) FROM staff WHERE company_id = a.company_id) + (p % 20),
        'B-' || p, 'Project ' || p,
        p || ' Congress Ave', 'Austin', 'TX', '78701', 30.2672 + (p % 1000) / 100000.0, -97.7431,
        (p % 1000) * 125 + 1000, (p % 7) * 100.5,
        now() - make_interval(mins => ${projects}::int - p), now() - make_interval(mins => ${projects}::int - p)
      FROM generate_series(1, ${projects}::int) AS p
      JOIN accounts a ON a.email = 'bench-user-' || (1 + (p - 1) % ${users}::int) || '@example.com'
      ORDER BY p`);
    await tx.execute(sql`
      INSERT INTO portal_entities (portal_user_id, company_id, model_type, model_id, scope, created_at, updated_at)
      SELECT u.id, p.company_id, 'project', p.id, 'customer', p.created_at, p.updated_at
      FROM projects p
      JOIN portal_users u ON u.email = 'bench-user-' || (1 + (substr(p.number, 3)::int - 1) % ${users}::int) || '@example.com'
      ORDER BY p.id`);
  });
  const branch = (run: (tx: ReturnType<typeof timed>) => Promise<void>) => db.transaction(async (inner) => run(timed(inner)));
  await Promise.all([
    // Notes: n = 1 is internal; staff and the customer take turns.
    branch(async (tx) => {
      await tx.execute(sql`
        INSERT INTO notes (project_id, author_staff_id, author_portal_user_id, body, shared_with_portal, created_at, updated_at)
        SELECT p.id, CASE WHEN n % 2 = 1 THEN p.rep_primary_id END, CASE WHEN n % 2 = 0 THEN e.portal_user_id END,
          'Update ' || n || ' on ' || p.name || ': the crew finished the day''s work and cleaned the site. Next visit is scheduled.',
          n <> 1, p.created_at + make_interval(hours => n), p.created_at + make_interval(hours => n)
        FROM projects p JOIN portal_entities e ON e.model_id = p.id, generate_series(1, ${notesPerProject}::int) AS n
        ORDER BY p.id, n`);
      await tx.execute(sql`
        INSERT INTO note_threads (project_id, shared_count, internal_count, last_note_at)
        SELECT project_id, count(*) FILTER (WHERE shared_with_portal), count(*) FILTER (WHERE NOT shared_with_portal), max(created_at)
        FROM notes GROUP BY project_id`);
    }),
    // Files: photos first (kind jpeg), then documents (pdf), a run of filesPerProject ids per project; their bytes
    // are never read by this workload. Photo k and document k of a project are file k of its run.
    branch(async (tx) => {
      await tx.execute(sql`
        INSERT INTO files (company_id, blob_key, original_name, content_type, kind, size, sha256, width, height)
        SELECT p.company_id, 'bench/' || p.id || '/' || k, CASE WHEN k <= ${photosPerProject}::int THEN 'photo-' || k || '.jpg' ELSE 'document-' || k || '.pdf' END,
          CASE WHEN k <= ${photosPerProject}::int THEN 'image/jpeg' ELSE 'application/pdf' END,
          CASE WHEN k <= ${photosPerProject}::int THEN 'jpeg' ELSE 'pdf' END,
          180000 + k, md5(p.id || '/' || k) || md5(k || '/' || p.id),
          CASE WHEN k <= ${photosPerProject}::int THEN 1600 END, CASE WHEN k <= ${photosPerProject}::int THEN 1200 END
        FROM projects p, generate_series(1, ${filesPerProject}::int) AS k
        ORDER BY p.id, k`);
      await tx.execute(sql`
        INSERT INTO albums (company_id, project_id, name, is_shared, position)
        SELECT company_id, id, 'Progress', true, 0 FROM projects ORDER BY id`);
      await tx.execute(sql`
        INSERT INTO photos (company_id, album_id, file_id, caption, taken_at, position)
        SELECT a.company_id, a.id, b.first_file + (a.project_id - b.first_project) * ${filesPerProject}::int + k - 1, 'Photo ' || k, a.created_at, k
        FROM albums a, generate_series(1, ${photosPerProject}::int) AS k,
          (SELECT (SELECT min(id) FROM files) AS first_file, (SELECT min(id) FROM projects) AS first_project) AS b
        ORDER BY a.id, k`);
      await tx.execute(sql`
        INSERT INTO documents (company_id, project_id, file_id, name, is_shared)
        SELECT p.company_id, p.id, b.first_file + (p.id - b.first_project) * ${filesPerProject}::int + k - 1, 'Document document-' || k || '.pdf', true
        FROM projects p, generate_series(${photosPerProject + 1}::int, ${filesPerProject}::int) AS k,
          (SELECT (SELECT min(id) FROM files) AS first_file, (SELECT min(id) FROM projects) AS first_project) AS b
        ORDER BY p.id, k`);
    }),
    // Invoices: sent, two lines each, every third paid in part; the totals kept on the row as the repository keeps them.
    branch(async (tx) => {
      await tx.execute(sql`
        INSERT INTO invoices (company_id, project_id, number, state, issue_date, due_date, tax_rate, subtotal, tax, total, amount_paid)
        SELECT p.company_id, p.id, 'INV-' || p.id || '-' || k, 'sent',
          (current_date - 60 + k * 20)::date, (current_date - 30 + k * 20)::date, 0, 2500.00, 0, 2500.00,
          CASE WHEN (p.id + k) % 3 = 0 THEN 1000.00 ELSE 0 END
        FROM projects p, generate_series(1, ${invoicesPerProject}::int) AS k
        ORDER BY p.id, k`);
      await tx.execute(sql`
        INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_price, amount)
        SELECT i.id, l - 1, CASE WHEN l = 1 THEN 'Labor' ELSE 'Materials' END, 1, 1250.00, 1250.00
        FROM invoices i, generate_series(1, 2) AS l ORDER BY i.id, l`);
      await tx.execute(sql`
        INSERT INTO invoice_payments (invoice_id, paid_on, amount, method, reference)
        SELECT id, issue_date, amount_paid, 'Check', 'CHK-' || id FROM invoices WHERE amount_paid > 0 ORDER BY id`);
    }),
    branch(seedChangeOrders),
    branch(seedSelections),
  ]);
  await branch(seedOptionPhotos);
}

/** A transaction of the seed whose statements are timed by table (seedSteps). */
type Timed = { execute: (query: Parameters<Db['execute']>[0]) => Promise<unknown> };

/**
 * Change orders, numbered per company in project order as the company made them: the first of each project sent and
 * awaiting an answer (its deadline a month ahead, so it never expires during a run), the others approved, with the
 * evidence an approval keeps (its signed PDF is never read by this workload); two items each, the money on the row as
 * the repository keeps it.
 */
async function seedChangeOrders(tx: Timed) {
  await tx.execute(sql`
    INSERT INTO change_orders (company_id, project_id, number, version, state, title, description, approval_deadline, schedule_days,
      tax_rate, subtotal, tax, total, sent_at, viewed_at, created_at, updated_at)
    SELECT p.company_id, p.id, row_number() OVER (PARTITION BY p.company_id ORDER BY p.id, k), 1,
      CASE WHEN k = 1 THEN 'sent' ELSE 'approved' END,
      (ARRAY['Move the sink to the island', 'Add recessed lighting', 'Widen the pantry door'])[1 + (k - 1) % 3],
      'Change ' || k || ' on ' || p.name || ': what the work adds, the materials it takes and the days it needs.',
      current_date + 30, k, 0, 1300.00, 0, 1300.00,
      p.created_at + make_interval(hours => k), CASE WHEN k > 1 THEN p.created_at + make_interval(hours => k + 1) END,
      p.created_at + make_interval(hours => k), p.created_at + make_interval(hours => k + 1)
    FROM projects p, generate_series(1, ${TENANT.changeOrdersPerProject}::int) AS k
    ORDER BY p.id, k`);
  await tx.execute(sql`
    INSERT INTO change_order_items (change_order_id, position, description, quantity, unit_price, amount)
    SELECT c.id, l - 1, CASE WHEN l = 1 THEN 'Labor' ELSE 'Materials, per unit' END, CASE WHEN l = 1 THEN 1 ELSE 4 END,
      CASE WHEN l = 1 THEN 800.00 ELSE 125.00 END, CASE WHEN l = 1 THEN 800.00 ELSE 500.00 END
    FROM change_orders c, generate_series(1, 2) AS l ORDER BY c.id, l`);
  await tx.execute(sql`
    INSERT INTO change_order_approvals (change_order_id, company_id, portal_user_id, signer_name, signer_email, approved_at,
      ip_address, user_agent, subtotal, tax, total, content_json, content_sha256, pdf_blob_key, pdf_sha256, pdf_size, created_at)
    SELECT c.id, c.company_id, u.id, u.first_name || ' ' || u.last_name, u.email, c.updated_at, '127.0.0.1', 'Mozilla/5.0 (bench)',
      c.subtotal, c.tax, c.total, '{"change_order":' || c.id || '}', md5('content/' || c.id) || md5(c.id || '/content'),
      'bench/change-orders/' || c.id || '.pdf', md5('pdf/' || c.id) || md5(c.id || '/pdf'), 48000, c.updated_at
    FROM change_orders c JOIN portal_entities e ON e.model_id = c.project_id JOIN portal_users u ON u.id = e.portal_user_id
    WHERE c.state = 'approved'
    ORDER BY c.id`);
}

/**
 * Allowances, and selections of three options each, as the demo's kitchen has them: selection k draws on allowance k
 * (found by id: each project's allowances are a run of allowancesPerProject ids), the last on none; the options priced
 * under, at and over the allowance; the second selection chosen by the customer, with the choice's evidence.
 */
async function seedSelections(tx: Timed) {
  const { allowancesPerProject, selectionsPerProject, optionsPerSelection } = TENANT;
  await tx.execute(sql`
    INSERT INTO allowances (company_id, project_id, name, amount, position, created_at, updated_at)
    SELECT p.company_id, p.id, (ARRAY['Kitchen faucet', 'Backsplash tile', 'Vanity'])[1 + (k - 1) % 3],
      (ARRAY[400.00, 1200.00, 900.00])[1 + (k - 1) % 3], k - 1, p.created_at, p.created_at
    FROM projects p, generate_series(1, ${allowancesPerProject}::int) AS k
    ORDER BY p.id, k`);
  await tx.execute(sql`
    INSERT INTO selections (company_id, project_id, allowance_id, title, description, room, deadline, position, created_at, updated_at)
    SELECT p.company_id, p.id,
      CASE WHEN k <= ${allowancesPerProject}::int THEN b.first_allowance + (p.id - b.first_project) * ${allowancesPerProject}::int + k - 1 END,
      (ARRAY['Kitchen faucet', 'Backsplash tile', 'Vanity'])[1 + (k - 1) % 3],
      'Choose the ' || lower((ARRAY['Kitchen faucet', 'Backsplash tile', 'Vanity'])[1 + (k - 1) % 3]) || ' for ' || p.name || ': finish, size and lead time.',
      (ARRAY['Kitchen', 'Kitchen', 'Bathroom'])[1 + (k - 1) % 3], CASE WHEN k < ${selectionsPerProject}::int THEN current_date + 14 * k END,
      k - 1, p.created_at, p.created_at
    FROM projects p, generate_series(1, ${selectionsPerProject}::int) AS k,
      (SELECT (SELECT min(id) FROM allowances) AS first_allowance, (SELECT min(id) FROM projects) AS first_project) AS b
    ORDER BY p.id, k`);
  await tx.execute(sql`
    INSERT INTO selection_options (selection_id, title, description, price, lead_time_days, supplier_url, position, created_at, updated_at)
    SELECT s.id, s.title || ', option ' || k, 'Option ' || k || ' of ' || s.title || ': its finish, its size and its warranty.',
      (ARRAY[400.00, 1200.00, 900.00])[1 + s.position % 3] * (ARRAY[0.8, 1.0, 1.6])[1 + (k - 1) % 3], 7 * k,
      'https://supplier.example.com/items/' || s.id || '-' || k, k - 1, s.created_at, s.created_at
    FROM selections s, generate_series(1, ${optionsPerSelection}::int) AS k
    ORDER BY s.id, k`);
  await tx.execute(sql`
    INSERT INTO selection_choices (company_id, selection_id, option_id, chosen_by, portal_user_id, signer_name, signer_email,
      ip_address, user_agent, chosen_at, option_title, option_price, allowance_amount)
    SELECT s.company_id, s.id, o.id, 'customer', u.id, u.first_name || ' ' || u.last_name, u.email, '127.0.0.1', 'Mozilla/5.0 (bench)',
      s.created_at + make_interval(days => 1), o.title, o.price, a.amount
    FROM selections s
      JOIN selection_options o ON o.selection_id = s.id AND o.position = 0
      LEFT JOIN allowances a ON a.id = s.allowance_id
      JOIN portal_entities e ON e.model_id = s.project_id JOIN portal_users u ON u.id = e.portal_user_id
    WHERE s.position = 1
    ORDER BY s.id`);
}

/**
 * One photo per option, the project's photo file of the option's position (files shared with the album's photos:
 * their bytes are never read by this workload, and the covers' links are signed all the same).
 */
async function seedOptionPhotos(tx: Timed) {
  const filesPerProject = TENANT.photosPerProject + TENANT.documentsPerProject;
  await tx.execute(sql`
    INSERT INTO selection_option_photos (option_id, file_id, position)
    SELECT o.id, b.first_file + (s.project_id - b.first_project) * ${filesPerProject}::int + o.position % ${TENANT.photosPerProject}::int, 0
    FROM selection_options o JOIN selections s ON s.id = o.selection_id,
      (SELECT (SELECT min(id) FROM files) AS first_file, (SELECT min(id) FROM projects) AS first_project) AS b
    ORDER BY o.id`);
}

async function main() {
  const started = Date.now();
  const { database, dataDir, seedMs, reused } = await openBenchDatabase(seedTenant);
  const folder = dataDir ?? '/tmp/portal-bench';
  const apps: Record<string, FastifyInstance> = {};
  const urls: Record<string, string> = {};
  // Every visitor signs in from 127.0.0.1: the per-address limits would otherwise be what is measured.
  apps.default = await buildApp({ env: benchEnv(folder, { RATE_LIMIT_MULTIPLIER: '10000' }), database, logger: { level: 'warn' } });
  // The embedded PostgreSQL's processes count with the server's: their memory (PSS, shared pages once) and CPU.
  const embedded = Boolean(database.embeddedPostgres);
  const totalRss = () => (embedded ? portalUsage(database).totalRss : process.memoryUsage().rss);
  let peakRss = totalRss();
  setInterval(() => (peakRss = Math.max(peakRss, totalRss())), embedded ? 500 : 100).unref();
  apps.default.get('/__bench/statements', { schema: { hide: true } }, async (request) => {
    const reset = Boolean((request.query as { reset?: string }).reset);
    return database.statementTimes ? summarize(await database.statementTimes(reset)) : statementTimes(reset);
  });
  apps.default.get('/__bench/stats', { schema: { hide: true } }, async (request) => {
    if ((request.query as { reset?: string }).reset) peakRss = totalRss();
    const cpu = process.cpuUsage();
    const usage = portalUsage(database);
    const serverCpuMs = (cpu.user + cpu.system) / 1000;
    return {
      cpuMs: serverCpuMs + (usage.databaseCpuMs ?? 0),
      serverCpuMs,
      rss: usage.totalRss,
      peakRss,
      usage,
    };
  });
  for (const [name, app] of Object.entries(apps)) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    urls[name] = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  // The runner derives ids from the seed's order (entity = project = album g, photos and invoices in
  // runs per project), and the seed found files and allowances by id: check that they hold.
  const check = (await database.db.execute(sql`
    SELECT (SELECT count(*) FROM portal_entities WHERE id <> model_id) + (SELECT count(*) FROM albums WHERE id <> project_id)
      + (SELECT count(*) FROM photos p JOIN albums a ON a.id = p.album_id WHERE (p.id - 1) / ${TENANT.photosPerProject}::int + 1 <> a.project_id)
      + (SELECT count(*) FROM invoices WHERE (id - 1) / ${TENANT.invoicesPerProject}::int + 1 <> project_id)
      + (SELECT count(*) FROM photos p JOIN albums a ON a.id = p.album_id JOIN files f ON f.id = p.file_id
         WHERE f.blob_key <> 'bench/' || a.project_id || '/' || p.position OR f.kind <> 'jpeg')
      + (SELECT count(*) FROM documents d JOIN files f ON f.id = d.file_id
         WHERE split_part(f.blob_key, '/', 2)::int <> d.project_id OR f.kind <> 'pdf' OR d.name <> 'Document ' || f.original_name)
      + (SELECT count(*) FROM selections s LEFT JOIN allowances a ON a.id = s.allowance_id
         WHERE (s.position < ${TENANT.allowancesPerProject}::int) <> (a.id IS NOT NULL) OR a.project_id <> s.project_id OR a.position <> s.position)
      + (SELECT count(*) FROM selection_option_photos sp JOIN selection_options o ON o.id = sp.option_id
           JOIN selections s ON s.id = o.selection_id JOIN files f ON f.id = sp.file_id
         WHERE f.blob_key <> 'bench/' || s.project_id || '/' || (o.position % ${TENANT.photosPerProject}::int + 1) OR f.kind <> 'jpeg') AS wrong`)) as unknown as {
    rows?: { wrong: number }[];
  } & { wrong: number }[];
  if (Number((check.rows ?? check)[0]!.wrong) !== 0) throw new Error('the seeded ids are not in the order the runner expects');

  // The company side writes through the integration API with a key of each company.
  const companies = (await database.db.execute(sql`SELECT id FROM companies ORDER BY id`)) as unknown as { rows?: { id: number }[] } & { id: number }[];
  const companyIds = (companies.rows ?? companies).map((row) => Number(row.id));
  const keys: Record<number, string> = {};
  for (const id of companyIds) keys[id] = (await apiKeysRepository(database.db).create(id, 'bench')).key;

  globalThis.gc?.();
  announceReady(Object.values(apps), database, {
    urls,
    kind: database.kind,
    seedMs,
    reused,
    seedSteps,
    startMs: Date.now() - started,
    tenant: TENANT,
    password: PASSWORD,
    keys,
    restRss: portalUsage(database).totalRss,
    restUsage: portalUsage(database),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
