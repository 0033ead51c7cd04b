import type { IntegrationInvoiceSort, InvoiceSort, InvoiceStatus } from '@portal/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ProjectScope } from '../../core/access/projects';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import type { Executor } from '../../db/client';
import type { InvoiceRow } from '../../db/rows';
import { invoiceLines, invoicePayments, invoices } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { listColumns, SORT_COLUMNS, STATUS, visibleTo, type PortalInvoiceRow } from './invoices.queries';

/** What the company sees of an invoice: its own drafts as `draft`, everything else with the status the portal derives. */
const COMPANY_STATUS = sql<InvoiceStatus>`(case when ${invoices.state} = 'draft' then 'draft' else ${STATUS} end)`;
const companyColumns = { ...listColumns, status: COMPANY_STATUS };

/** An invoice as the company reads it. */
export type CompanyInvoiceRow = Omit<InvoiceRow, 'status'> & { status: InvoiceStatus };

const COMPANY_SORT_COLUMNS: Record<IntegrationInvoiceSort, SQL> = {
  ...SORT_COLUMNS,
  status: COMPANY_STATUS,
  id: sql`${invoices.id}`,
  created_at: sql`${invoices.created_at}`,
  updated_at: sql`${invoices.updated_at}`,
};

export interface CompanyInvoiceListOptions {
  filters: { project_id?: number[]; status?: string[]; updated_since?: [Date] };
  sort: SortTerm<IntegrationInvoiceSort>[];
  page: PageRequest;
  today: string;
}

export interface InvoiceListOptions {
  filters: { status?: string[] };
  sort: SortTerm<InvoiceSort>[];
  page: PageRequest;
  today: string;
}

const MAX_STATEMENTS = 64;
let statementCounter = 0;

/** An invoice's lines and payments, in the order the invoice prints them. */
const linesAndPayments = (db: Executor, invoiceId: number) =>
  Promise.all([
    db.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId)).orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
    db.select().from(invoicePayments).where(eq(invoicePayments.invoice_id, invoiceId)).orderBy(asc(invoicePayments.paid_on), asc(invoicePayments.id)),
  ]);

/**
 * The invoices a portal user reads (the list, its summary, one invoice and the mark that it was opened), each through
 * a statement prepared once per repository, and the company's reads, drafts included.
 */
export function invoiceReadsRepository(db: Executor) {
  const pageStatements = new Map<string, ReturnType<typeof buildPageStatement>>();

  function buildPageStatement(statusFilter: boolean, sort: SortTerm<InvoiceSort>[]) {
    const where = [visibleTo({ companyId: sql.placeholder('companyId'), projectId: sql.placeholder('projectId') })!];
    if (statusFilter) where.push(sql`${STATUS} = any(${sql.placeholder('statuses')}::text[])`);
    const order = sort.map((term) => (term.direction === 'desc' ? desc : asc)(SORT_COLUMNS[term.field]));
    // Equal totals or dates always break on id, so pages never overlap or skip a row; in the direction
    // of the first term, so that the default order (-issue_date) is a backward walk of
    // invoices_project_issue_idx that stops after one page, however many invoices the project has.
    order.push((sort[0]?.direction === 'desc' ? desc : asc)(invoices.id));
    return db
      .select(listColumns)
      .from(invoices)
      .where(and(...where))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`invoices_page_${++statementCounter}`);
  }

  const countStatements = new Map<boolean, ReturnType<typeof buildCountStatement>>();
  const countStatement = (statusFilter: boolean) => {
    let statement = countStatements.get(statusFilter);
    if (!statement) countStatements.set(statusFilter, (statement = buildCountStatement(statusFilter)));
    return statement;
  };
  const buildCountStatement = (statusFilter: boolean) =>
    db
      .select({ total: count() })
      .from(invoices)
      .where(
        and(
          visibleTo({ companyId: sql.placeholder('companyId'), projectId: sql.placeholder('projectId') }),
          statusFilter ? sql`${STATUS} = any(${sql.placeholder('statuses')}::text[])` : undefined,
        ),
      )
      .prepare(`invoices_count_${++statementCounter}`);

  const summaryStatement = db
    .select({
      outstanding: sql<string>`coalesce(sum(${invoices.balance}) filter (where ${STATUS} in ('sent', 'partially_paid', 'overdue')), 0)::numeric(14,2)::text`,
      outstanding_count: sql<number>`cast(count(*) filter (where ${STATUS} in ('sent', 'partially_paid', 'overdue')) as integer)`,
      overdue: sql<string>`coalesce(sum(${invoices.balance}) filter (where ${STATUS} = 'overdue'), 0)::numeric(14,2)::text`,
      overdue_count: sql<number>`cast(count(*) filter (where ${STATUS} = 'overdue') as integer)`,
    })
    .from(invoices)
    .where(visibleTo({ companyId: sql.placeholder('companyId'), projectId: sql.placeholder('projectId') }))
    .prepare('invoices_summary');

  const recordStatement = db
    .select(listColumns)
    .from(invoices)
    .where(and(eq(invoices.id, sql.placeholder('invoiceId')), visibleTo({ companyId: sql.placeholder('companyId'), projectId: sql.placeholder('projectId') })))
    .limit(1)
    .prepare('invoices_record');

  return {
    /** One page of the project's invoices (never drafts) and how many there are in all. */
    async list(scope: ProjectScope, options: InvoiceListOptions): Promise<{ rows: PortalInvoiceRow[]; total: number }> {
      const statusFilter = Boolean(options.filters.status?.length);
      const key = `${Number(statusFilter)}|${options.sort.map((term) => `${term.direction === 'desc' ? '-' : ''}${term.field}`).join(',')}`;
      let statement = pageStatements.get(key);
      if (!statement) {
        if (pageStatements.size >= MAX_STATEMENTS) pageStatements.delete(pageStatements.keys().next().value!);
        statement = buildPageStatement(statusFilter, options.sort);
        pageStatements.set(key, statement);
      }
      const offset = pageOffset(options.page);
      const params = {
        companyId: scope.companyId,
        projectId: scope.projectId,
        today: options.today,
        statuses: options.filters.status ?? [],
        limit: options.page.size,
        offset,
      };
      // The page and the count apart: a count over the window would read every invoice to serve ten.
      const [rows, counted] = await Promise.all([statement.execute(params), countStatement(statusFilter).execute(params)]);
      return { rows: rows as PortalInvoiceRow[], total: counted[0]?.total ?? 0 };
    },

    /** The balance left on the project's open invoices, and the part of it that is overdue. */
    async summary(scope: ProjectScope, today: string) {
      const [row] = await summaryStatement.execute({ ...scope, today });
      return row!;
    },

    /** One invoice of the project with its lines and payments; null for a draft, another project's or none. */
    async find(scope: ProjectScope, invoiceId: number, today: string) {
      const [invoice] = await recordStatement.execute({ ...scope, invoiceId, today });
      if (!invoice) return null;
      const [lines, payments] = await linesAndPayments(db, invoice.id);
      return { invoice: invoice as PortalInvoiceRow, lines, payments };
    },

    /**
     * A customer opened the invoice: the first time, it is marked viewed (a change a CRM syncing by updated_since sees)
     * and `invoice.viewed` goes in the company's webhook outbox in the same transaction. Answers whether this was that
     * first time.
     */
    async markViewed(scope: ProjectScope, invoice: { id: number; number: string }, viewer: { id: number; email: string }, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const marked = await tx
          .update(invoices)
          .set({ viewed_at: now, updated_at: now })
          .where(and(eq(invoices.id, invoice.id), eq(invoices.company_id, scope.companyId), isNull(invoices.viewed_at)))
          .returning({ id: invoices.id });
        if (marked.length === 0) return false;
        await emitWebhookEvent(tx, {
          companyId: scope.companyId,
          type: 'invoice.viewed',
          at: now,
          data: {
            invoice: { id: invoice.id, number: invoice.number, project_id: scope.projectId, viewed_at: apiTimestamp(now) },
            viewer: { type: 'portal_user', id: viewer.id, email: viewer.email },
          },
        });
        return true;
      });
    },

    /** One page of the company's invoices, drafts included, and how many there are in all. */
    async companyList(companyId: number, options: CompanyInvoiceListOptions): Promise<{ rows: CompanyInvoiceRow[]; total: number }> {
      const { filters } = options;
      const where = and(
        eq(invoices.company_id, companyId),
        filters.project_id ? inArray(invoices.project_id, filters.project_id) : undefined,
        filters.status ? inArray(COMPANY_STATUS, filters.status) : undefined,
        filters.updated_since ? gte(invoices.updated_at, filters.updated_since[0]) : undefined,
      );
      const order = options.sort.map((term) => (term.direction === 'desc' ? desc : asc)(COMPANY_SORT_COLUMNS[term.field]));
      order.push((options.sort[0]?.direction === 'desc' ? desc : asc)(invoices.id));
      const [rows, counted] = await Promise.all([
        db
          .select(companyColumns)
          .from(invoices)
          .where(where)
          .orderBy(...order)
          .limit(options.page.size)
          .offset(pageOffset(options.page))
          .execute({ today: options.today }),
        db.select({ total: count() }).from(invoices).where(where).execute({ today: options.today }),
      ]);
      return { rows: rows as CompanyInvoiceRow[], total: counted[0]?.total ?? 0 };
    },

    /** One of the company's invoices, drafts included, with its lines and payments; null for another company's or none. */
    async companyFind(companyId: number, invoiceId: number, today: string) {
      const [invoice] = await db
        .select(companyColumns)
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.company_id, companyId)))
        .limit(1)
        .execute({ today });
      if (!invoice) return null;
      const [lines, payments] = await linesAndPayments(db, invoice.id);
      return { invoice: invoice as CompanyInvoiceRow, lines, payments };
    },
  };
}
