/**
 * The server under test for `npm run bench -- invoices` (docs/requirements.md 17.5): the real app on a project with
 * 5,000 invoices (and one with 10, for scale), plus bare routes that answer the very same bytes from
 * memory, so the runner compares both in one run. Started by bench/invoices.mjs, never by tests.
 *
 *   BENCH_DATABASE_URL=postgres://…  → PostgreSQL (the database is emptied and seeded)
 *   BENCH_DATA_DIR=…                 → PGlite in that folder (emptied and seeded)
 *
 * Prints one line `BENCH_READY {json}` when it listens.
 */
import { announceReady, benchEnv, benchSignIn, jsonBody, listenWithBareRoutes, openBenchDatabase } from './support/bench-server';
import { buildApp } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/client';
import { companies, portalEntities, portalUsers, projects } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/auth/password';
import { addDays } from '../apps/server/src/modules/invoices/aging';
import { invoicesRepository, type NewInvoice } from '../apps/server/src/modules/invoices/invoices.repository';

export const TENANT = { bigProjectInvoices: 5_000, smallProjectInvoices: 10 } as const;
const PASSWORD = 'bench-password-1';
const EMAIL = 'bench-invoices@example.com';
/** The bench's "today", fixed so that the mix of statuses is the same on every run. */
const TODAY = new Date('2026-06-01T12:00:00Z');

const CATALOG: [string, string, string][] = [
  ['Framing labor, hours', '12.5', '68.40'],
  ['Lumber package', '1', '4820.17'],
  ['Drywall, per sheet', '46', '14.95'],
  ['Electrical fixtures', '7', '129.99'],
  ['Paint and finish, hours', '9.75', '61.20'],
];

/** n invoices over about 13 years, three lines each; a third paid, a third part paid, the rest open, every 25th void. */
function invoicesFor(companyId: number, projectId: number, prefix: string, count: number): NewInvoice[] {
  return Array.from({ length: count }, (_, index) => {
    const issueDate = addDays('2013-06-01', index);
    const lines = [0, 1, 2].map((k) => {
      const [description, quantity, unitPrice] = CATALOG[(index + k) % CATALOG.length]!;
      return { description, quantity, unitPrice };
    });
    const plan = index % 25 === 0 ? 'void' : index % 3;
    return {
      companyId,
      projectId,
      number: `${prefix}-${String(index + 1).padStart(5, '0')}`,
      state: plan === 'void' ? 'void' : 'sent',
      issueDate,
      dueDate: addDays(issueDate, 30),
      taxRate: '8.25',
      lines,
      payments: plan === 0 ? [{ paidOn: addDays(issueDate, 10), amount: '100.00', method: 'ACH', reference: `ACH-${index}` }] : [],
      notes: 'Thank you for your business.',
      terms: 'Net 30.',
    } satisfies NewInvoice;
  });
}

async function seedTenant(db: Db) {
  const passwordHash = await hashPassword(PASSWORD);
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: 'Bench Builders',
        url: 'https://bench.example.com',
        phone_default: '(512) 555-0100',
        address_street: '1 Bench Way',
        address_city: 'Austin',
        address_state: 'TX',
        address_zip: '78701',
        color: '#c2410c',
        logo_url: '/brand/acme.svg',
        is_portal_invoicing_enabled: true,
      })
      .returning({ id: companies.id });
    const [user] = await tx.insert(portalUsers).values({ email: EMAIL, password_hash: passwordHash }).returning({ id: portalUsers.id });
    const [big, small] = await tx
      .insert(projects)
      .values([
        { company_id: company!.id, number: 'B-1', name: 'Big project' },
        { company_id: company!.id, number: 'B-2', name: 'Small project' },
      ])
      .returning({ id: projects.id });
    await tx
      .insert(portalEntities)
      .values([big!, small!].map((project) => ({ portal_user_id: user!.id, company_id: company!.id, model_type: 'project', model_id: project.id })));
    await invoicesRepository(tx).insert(invoicesFor(company!.id, big!.id, 'BIG', TENANT.bigProjectInvoices));
    await invoicesRepository(tx).insert(invoicesFor(company!.id, small!.id, 'SMALL', TENANT.smallProjectInvoices));
  });
}

async function main() {
  const { database, dataDir, seedMs } = await openBenchDatabase(seedTenant);

  const app = await buildApp({ env: benchEnv(dataDir ?? '/tmp/portal-bench-invoices'), database, logger: { level: 'warn' }, now: () => TODAY });

  const { bare, port } = await listenWithBareRoutes(app);

  const token = await benchSignIn(app, EMAIL, PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const entities = (await app.inject({ url: '/api/entities?sort=id', headers })).json() as { data: { id: number }[] };
  const [bigEntity, smallEntity] = entities.data.map((entity) => entity.id) as [number, number];

  const listUrl = `/api/entities/${bigEntity}/invoices`;
  const list = await app.inject({ url: listUrl, headers });
  const firstId = (list.json() as { data: { id: number }[] }).data[0]!.id;
  const pdfUrl = `/api/entities/${bigEntity}/invoices/${firstId}/pdf`;
  const pdf = await app.inject({ url: pdfUrl, headers });
  if (list.statusCode !== 200 || pdf.statusCode !== 200) throw new Error(`bench reads failed: ${list.statusCode} ${pdf.statusCode}`);
  bare.set('list', jsonBody(list.rawPayload));
  bare.set('pdf', { type: 'application/pdf', body: pdf.rawPayload });

  announceReady(app, database, {
    url: `http://127.0.0.1:${port}`,
    kind: database.kind,
    seedMs,
    tenant: TENANT,
    token,
    listUrl,
    smallListUrl: `/api/entities/${smallEntity}/invoices`,
    summaryUrl: `/api/entities/${bigEntity}/invoices/summary`,
    pdfUrl,
    listBytes: list.rawPayload.length,
    pdfBytes: pdf.rawPayload.length,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
