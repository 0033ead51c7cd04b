import { sql } from 'drizzle-orm';
import { invoices, projects } from '../../db/schema';

/** What a project's sent invoices charge, and what is still open on them, as decimal strings. */
export interface InvoicedMoney {
  total: string;
  balance: string;
}

/**
 * The money rule of docs/decisions/035-one-balance-per-project.md: a project whose company invoices
 * through the portal, and that has sent invoices (not drafts, not void), shows their figures, so the
 * project page, the invoices page and the statement of account give the same numbers. Read in the
 * entities' own query (two subqueries per project row, off the index on `invoices.project_id`): one
 * round trip less per request than a query of its own (bench/README.md, the profile). Null when the
 * project has no sent invoice; an invoice counts only when it is of the project's own company.
 */
export function invoicedMoneyColumns() {
  const sent = sql`${invoices.project_id} = ${projects.id} and ${invoices.company_id} = ${projects.company_id} and ${invoices.state} = 'sent'`;
  return {
    invoiced_total: sql<string | null>`(select sum(${invoices.total})::numeric(14,2)::text from ${invoices} where ${sent})`,
    invoiced_balance: sql<string | null>`(select sum(${invoices.balance})::numeric(14,2)::text from ${invoices} where ${sent})`,
  };
}
