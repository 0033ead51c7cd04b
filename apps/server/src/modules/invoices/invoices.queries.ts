import type { InvoiceSort, PortalInvoiceStatus } from '@portal/contract';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { InvoiceRow } from '../../db/rows';
import { invoices } from '../../db/schema';

/**
 * The SQL the invoice repositories share (invoices.repository.ts puts them together): the portal's status rule, the
 * columns a list reads, the condition that keeps drafts from the portal, and the lock every
 * write takes.
 */

/** An invoice as the portal reads it: never a draft, with its derived status. */
export type PortalInvoiceRow = Omit<InvoiceRow, 'state'> & { state: 'sent' | 'void'; status: PortalInvoiceStatus };

/** Why a write on an invoice was refused: the route turns each into its answer. */
export type InvoiceRefusal =
  | { refused: 'not_found' }
  | { refused: 'state'; state: 'draft' | 'sent' | 'void' }
  | { refused: 'paid' }
  | { refused: 'no_lines' }
  | { refused: 'over_balance'; balanceCents: number }
  | { refused: 'before_issue'; issueDate: string };

/**
 * The derived status of decision "invoices" in SQL, the same rule as aging.ts derivedStatus (a test
 * holds them together), so that the list can filter and sort by it. The status values sort
 * alphabetically in the order of their labels (Overdue, Paid, Partially paid, Sent, Void).
 */
const statusSql = (today: SQL | string): SQL<PortalInvoiceStatus> => sql<PortalInvoiceStatus>`(case
  when ${invoices.state} = 'void' then 'void'
  when ${invoices.balance} <= 0 then 'paid'
  when ${invoices.due_date} < ${today}::date then 'overdue'
  when ${invoices.amount_paid} > 0 then 'partially_paid'
  else 'sent' end)`;

const TODAY = sql.placeholder('today');
export const STATUS = statusSql(sql`${TODAY}`);

/** A void invoice is owed by nobody: its balance reads 0.00 (the stored column keeps total - paid). */
const BALANCE_AMOUNT = sql`(case when ${invoices.state} = 'void' then 0 else ${invoices.balance} end)`;
/** Read as text, "0.00", the same from both drivers. */
const BALANCE = sql<string>`${BALANCE_AMOUNT}::numeric(14,2)::text`;

/** Drafts never reach a portal user: every read goes through this condition. */
export const visibleTo = (scope: { companyId: unknown; projectId: unknown }) =>
  and(eq(invoices.company_id, scope.companyId as number), eq(invoices.project_id, scope.projectId as number), ne(invoices.state, 'draft'));

export const SORT_COLUMNS: Record<InvoiceSort, SQL> = {
  // Byte order: the same on PGlite and PostgreSQL whatever their collation, and "INV-1001" < "INV-1002".
  number: sql`${invoices.number} collate "C"`,
  issue_date: sql`${invoices.issue_date}`,
  due_date: sql`${invoices.due_date}`,
  status: STATUS,
  total: sql`${invoices.total}`,
  balance: BALANCE_AMOUNT,
};

export const listColumns = {
  id: invoices.id,
  company_id: invoices.company_id,
  project_id: invoices.project_id,
  number: invoices.number,
  state: invoices.state,
  issue_date: invoices.issue_date,
  due_date: invoices.due_date,
  tax_rate: invoices.tax_rate,
  subtotal: invoices.subtotal,
  tax: invoices.tax,
  total: invoices.total,
  amount_paid: invoices.amount_paid,
  balance: BALANCE,
  notes: invoices.notes,
  terms: invoices.terms,
  viewed_at: invoices.viewed_at,
  created_at: invoices.created_at,
  updated_at: invoices.updated_at,
  status: STATUS,
};

/** The invoice row of one of the company's invoices, locked until the transaction ends; null for another's or none. */
export const lockInvoice = async (tx: Executor, companyId: number, invoiceId: number) => {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.company_id, companyId)))
    .for('update')
    .limit(1);
  return row ?? null;
};
