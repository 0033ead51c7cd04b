import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withCompiledRows } from '../../db/compiled-rows';
import { invoices } from '../../db/schema';

/** One statement per database, built and planned once: `= any($1)` takes a page's projects whatever their number. */
const statements = new WeakMap<Db, ReturnType<typeof buildStatement>>();
function buildStatement(db: Db) {
  return withCompiledRows(
    db
      .select({
        project_id: invoices.project_id,
        company_id: invoices.company_id,
        total: sql<string>`sum(${invoices.total})::numeric(14,2)::text`,
        balance: sql<string>`sum(${invoices.balance})::numeric(14,2)::text`,
      })
      .from(invoices)
      .where(and(sql`${invoices.project_id} = any(${sql.placeholder('projectIds')}::integer[])`, eq(invoices.state, 'sent')))
      .groupBy(invoices.project_id, invoices.company_id)
      .prepare('entities_invoiced_money'),
  );
}

/** What a project's sent invoices charge, and what is still open on them, as decimal strings. */
export interface InvoicedMoney {
  total: string;
  balance: string;
}

/**
 * The money rule of docs/decisions/035-one-balance-per-project.md: a project whose company invoices
 * through the portal, and that has sent invoices (not drafts, not void), shows their figures, so the
 * project page, the invoices page and the statement of account give the same numbers. Projects
 * without one are absent from the map and keep the company's own figures.
 */
export async function invoicedMoney(db: Db, projects: readonly { id: number; company_id: number }[]): Promise<Map<number, InvoicedMoney>> {
  const result = new Map<number, InvoicedMoney>();
  if (projects.length === 0) return result;
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = buildStatement(db)));
  const rows = await statement.execute({ projectIds: projects.map((project) => project.id) });
  const companyOf = new Map(projects.map((project) => [project.id, project.company_id]));
  // An invoice is the project's only when both belong to the same company, as every invoice read checks.
  for (const row of rows) if (companyOf.get(row.project_id) === row.company_id) result.set(row.project_id, { total: row.total, balance: row.balance });
  return result;
}
