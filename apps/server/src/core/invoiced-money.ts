import type { CompanySwitch } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { CompanyRow, ProjectRow } from '../db/rows';
import { invoices, projects } from '../db/schema';
import { isAreaEnabled } from './access/projects';

/**
 * The money rule of docs/decisions/035-one-balance-per-project.md, shared by the portal (entities) and the company's
 * API and console (projects), so both give the customer's figures (docs/decisions/112-the-consoles-project-money.md).
 */

/** What a project's sent invoices charge, and what is still open on them, as decimal strings. */
export interface InvoicedMoney {
  total: string;
  balance: string;
}

/** A project's sent invoices of its own company (not drafts, not void). */
const sentInvoices = () => sql`${invoices.project_id} = ${projects.id} and ${invoices.company_id} = ${projects.company_id} and ${invoices.state} = 'sent'`;

/**
 * The sums of a project's sent invoices, read in the query of the projects themselves (two subqueries per project row,
 * off the index on `invoices.project_id`): one round trip less per request than a query of their own (bench/README.md,
 * the profile). Null when the project has no sent invoice.
 */
export function invoicedMoneyColumns() {
  return {
    invoiced_total: sql<string | null>`(select sum(${invoices.total})::numeric(14,2)::text from ${invoices} where ${sentInvoices()})`,
    invoiced_balance: sql<string | null>`(select sum(${invoices.balance})::numeric(14,2)::text from ${invoices} where ${sentInvoices()})`,
  };
}

/** The two columns read back as one value: null when the project has no sent invoice. */
export const invoicedMoneyOf = (row: { invoiced_total?: string | null; invoiced_balance?: string | null }): InvoicedMoney | null =>
  row.invoiced_total != null && row.invoiced_balance != null ? { total: row.invoiced_total, balance: row.invoiced_balance } : null;

/**
 * The total and balance the project's customers see: its invoices' when the company invoices through the portal and
 * the project has sent invoices, else the company's own two fields (null included).
 */
export function customerMoney(
  company: Pick<CompanyRow, CompanySwitch>,
  project: Pick<ProjectRow, 'financials_total_amount' | 'financials_balance_amount'>,
  invoiced: InvoicedMoney | null,
): { total: string | null; balance: string | null } {
  if (invoiced && isAreaEnabled(company, 'invoices')) return invoiced;
  return { total: project.financials_total_amount, balance: project.financials_balance_amount };
}

/** The balance the customers see, in SQL, for sorting a company's projects by it (`invoicing`: the company's switch). */
export function customerBalanceSql(invoicing: boolean) {
  if (!invoicing) return sql`${projects.financials_balance_amount}`;
  return sql`coalesce((select sum(${invoices.balance}) from ${invoices} where ${sentInvoices()}), ${projects.financials_balance_amount})`;
}
