import type { IntegrationInvoiceSort, InvoiceSort, InvoiceStatus, PortalInvoiceStatus } from '@portal/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, invoiceLines, invoicePayments, invoices, projects } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { fromCents, invoiceTotals, sumCents, toCents } from './money';

import type { InvoiceRow } from '../../db/rows';
/** An invoice as the portal reads it: never a draft, with its derived status. */
export type PortalInvoiceRow = Omit<InvoiceRow, 'state'> & { state: 'sent' | 'void'; status: PortalInvoiceStatus };

import type { ProjectScope } from '../../core/access/projects';
import { emitWebhookEvent } from '../../core/webhooks/outbox';

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
const STATUS = statusSql(sql`${TODAY}`);

/** A void invoice is owed by nobody: its balance reads 0.00 (the stored column keeps total - paid). */
const BALANCE_AMOUNT = sql`(case when ${invoices.state} = 'void' then 0 else ${invoices.balance} end)`;
/** Read as text, "0.00", the same from both drivers. */
const BALANCE = sql<string>`${BALANCE_AMOUNT}::numeric(14,2)::text`;

/** Drafts never reach a portal user: every read goes through this condition. */
const visibleTo = (scope: { companyId: unknown; projectId: unknown }) =>
  and(eq(invoices.company_id, scope.companyId as number), eq(invoices.project_id, scope.projectId as number), ne(invoices.state, 'draft'));

const SORT_COLUMNS: Record<InvoiceSort, SQL> = {
  // Byte order: the same on PGlite and PostgreSQL whatever their collation, and "INV-1001" < "INV-1002".
  number: sql`${invoices.number} collate "C"`,
  issue_date: sql`${invoices.issue_date}`,
  due_date: sql`${invoices.due_date}`,
  status: STATUS,
  total: sql`${invoices.total}`,
  balance: BALANCE_AMOUNT,
};

const listColumns = {
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

/** The fields of a draft a company writes; the money is computed from the lines and the rate, never taken as given. */
export interface DraftFields {
  number: string;
  issueDate: string;
  dueDate: string;
  taxRate: string;
  notes: string | null;
  terms: string | null;
  lines: { description: string; quantity: string; unitPrice: string }[];
}

/** Why a write on an invoice was refused: the route turns each into its answer. */
export type InvoiceRefusal =
  | { refused: 'not_found' }
  | { refused: 'state'; state: 'draft' | 'sent' | 'void' }
  | { refused: 'paid' }
  | { refused: 'no_lines' }
  | { refused: 'over_balance'; balanceCents: number }
  | { refused: 'before_issue'; issueDate: string };

const lockInvoice = async (tx: Executor, companyId: number, invoiceId: number) => {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.company_id, companyId)))
    .for('update')
    .limit(1);
  return row ?? null;
};

/** amount_paid is the sum of the invoice's payments, added up again in cents after every payment written or removed. */
async function settlePayments(tx: Executor, invoiceId: number, now: Date) {
  const rows = await tx.select({ amount: invoicePayments.amount }).from(invoicePayments).where(eq(invoicePayments.invoice_id, invoiceId));
  const paid = sumCents(rows.map((row) => toCents(row.amount)));
  await tx
    .update(invoices)
    .set({ amount_paid: fromCents(paid), updated_at: now })
    .where(eq(invoices.id, invoiceId));
}

export interface InvoiceListOptions {
  filters: { status?: string[] };
  sort: SortTerm<InvoiceSort>[];
  page: PageRequest;
  today: string;
}

/** What a new invoice is made of; every total is computed here, in cents. */
export interface NewInvoice {
  companyId: number;
  projectId: number;
  number: string;
  state: 'draft' | 'sent' | 'void';
  issueDate: string;
  dueDate: string;
  taxRate?: string;
  notes?: string | null;
  terms?: string | null;
  lines: { description: string; quantity: string; unitPrice: string }[];
  payments?: { paidOn: string; amount: string; method: string; reference?: string | null }[];
  createdAt?: Date;
}

const MAX_STATEMENTS = 64;
let statementCounter = 0;

/** Bulk-inserts invoices with their lines and payments; totals, tax and amount paid are computed in whole cents. */
async function insertInvoices(db: Executor, items: readonly NewInvoice[]): Promise<number[]> {
  if (items.length === 0) return [];
  const ids: number[] = [];
  // Chunks keep every statement under PostgreSQL's 65,535 parameters.
  for (let start = 0; start < items.length; start += 1000) {
    const chunk = items.slice(start, start + 1000);
    const rows = chunk.map((item) => {
      const taxRate = item.taxRate ?? '0';
      const { amounts, subtotal, tax } = invoiceTotals(item.lines, taxRate);
      const paid = sumCents((item.payments ?? []).map((payment) => toCents(payment.amount)));
      const stamp = item.createdAt ?? new Date(`${item.issueDate}T15:00:00Z`);
      return {
        invoice: {
          company_id: item.companyId,
          project_id: item.projectId,
          number: item.number,
          state: item.state,
          issue_date: item.issueDate,
          due_date: item.dueDate,
          tax_rate: taxRate,
          subtotal: fromCents(subtotal),
          tax: fromCents(tax),
          total: fromCents(subtotal + tax),
          amount_paid: fromCents(paid),
          notes: item.notes ?? null,
          terms: item.terms ?? null,
          created_at: stamp,
          updated_at: stamp,
        },
        amounts,
        stamp,
      };
    });
    const inserted = await db
      .insert(invoices)
      .values(rows.map((row) => row.invoice))
      .returning({ id: invoices.id });
    const lineValues = chunk.flatMap((item, index) =>
      item.lines.map((line, position) => ({
        invoice_id: inserted[index]!.id,
        position,
        description: line.description,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        amount: fromCents(rows[index]!.amounts[position]!),
        created_at: rows[index]!.stamp,
        updated_at: rows[index]!.stamp,
      })),
    );
    const paymentValues = chunk.flatMap((item, index) =>
      (item.payments ?? []).map((payment) => ({
        invoice_id: inserted[index]!.id,
        paid_on: payment.paidOn,
        amount: fromCents(toCents(payment.amount)),
        method: payment.method,
        reference: payment.reference ?? null,
        created_at: new Date(`${payment.paidOn}T15:00:00Z`),
        updated_at: new Date(`${payment.paidOn}T15:00:00Z`),
      })),
    );
    for (let at = 0; at < lineValues.length; at += 5000) await db.insert(invoiceLines).values(lineValues.slice(at, at + 5000));
    for (let at = 0; at < paymentValues.length; at += 5000) await db.insert(invoicePayments).values(paymentValues.slice(at, at + 5000));
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export function invoicesRepository(db: Executor) {
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
    /** Bulk-inserts invoices with their lines and payments (the seed and benchmarks; the company side later). */
    insert: (items: readonly NewInvoice[]) => insertInvoices(db, items),

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
      const [lines, payments] = await Promise.all([
        db.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, invoice.id)).orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
        db.select().from(invoicePayments).where(eq(invoicePayments.invoice_id, invoice.id)).orderBy(asc(invoicePayments.paid_on), asc(invoicePayments.id)),
      ]);
      return { invoice: invoice as PortalInvoiceRow, lines, payments };
    },

    /**
     * A customer opened the invoice: the first time, it is marked viewed (a change a CRM syncing by updated_since sees)
     * and `invoice.viewed` goes in the company's webhook outbox in the same transaction. Answers whether this was that
     * first time.
     */
    async markViewed(scope: ProjectScope, invoice: { id: number; number: string }, viewer: { id: number; email: string }, now: Date): Promise<boolean> {
      return (db as Executor).transaction(async (tx) => {
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

    /** Every invoice the customer was sent (not drafts, not void) with its payments, for the statement of account. */
    async forStatement(scope: ProjectScope, today: string) {
      const rows = (await db
        .select(listColumns)
        .from(invoices)
        .where(and(visibleTo(scope), ne(invoices.state, 'void')))
        .orderBy(asc(invoices.issue_date), asc(invoices.id))
        .execute({ today })) as PortalInvoiceRow[];
      const payments =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(invoicePayments)
              .where(
                inArray(invoicePayments.invoice_id, sql`(select ${invoices.id} from ${invoices} where ${and(visibleTo(scope), ne(invoices.state, 'void'))})`),
              )
              .orderBy(asc(invoicePayments.paid_on), asc(invoicePayments.id));
      return { invoices: rows, payments };
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
      const [lines, payments] = await Promise.all([
        db.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, invoice.id)).orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
        db.select().from(invoicePayments).where(eq(invoicePayments.invoice_id, invoice.id)).orderBy(asc(invoicePayments.paid_on), asc(invoicePayments.id)),
      ]);
      return { invoice: invoice as CompanyInvoiceRow, lines, payments };
    },

    /** Whether the company already has an invoice of that number (other than `exceptId`). */
    async numberTaken(companyId: number, number: string, exceptId?: number) {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.company_id, companyId), eq(invoices.number, number), exceptId === undefined ? undefined : ne(invoices.id, exceptId)))
        .limit(1);
      return Boolean(row);
    },

    /** A new draft of one of the company's projects; its money is computed here, in cents. */
    async createDraft(companyId: number, projectId: number, fields: DraftFields, now: Date): Promise<number> {
      const [id] = await db.transaction((tx) => insertInvoices(tx, [{ companyId, projectId, state: 'draft', ...fields, createdAt: now }]));
      return id!;
    },

    /** Changes a draft; `lines`, when given, replace every line. The totals are computed again from the lines the draft ends with. */
    async updateDraft(companyId: number, invoiceId: number, changes: Partial<DraftFields>, now: Date): Promise<InvoiceRefusal | null> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, companyId, invoiceId);
        if (!invoice) return { refused: 'not_found' } as const;
        if (invoice.state !== 'draft') return { refused: 'state', state: invoice.state as 'sent' | 'void' } as const;
        const lines =
          changes.lines ??
          (await tx.select().from(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId)).orderBy(asc(invoiceLines.position), asc(invoiceLines.id))).map(
            (line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unit_price }),
          );
        const taxRate = changes.taxRate ?? invoice.tax_rate;
        const totals = invoiceTotals(lines, taxRate);
        await tx
          .update(invoices)
          .set({
            ...(changes.number === undefined ? {} : { number: changes.number }),
            ...(changes.issueDate === undefined ? {} : { issue_date: changes.issueDate }),
            ...(changes.dueDate === undefined ? {} : { due_date: changes.dueDate }),
            ...(changes.notes === undefined ? {} : { notes: changes.notes }),
            ...(changes.terms === undefined ? {} : { terms: changes.terms }),
            tax_rate: taxRate,
            subtotal: fromCents(totals.subtotal),
            tax: fromCents(totals.tax),
            total: fromCents(totals.total),
            updated_at: now,
          })
          .where(eq(invoices.id, invoiceId));
        if (changes.lines) {
          await tx.delete(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId));
          if (changes.lines.length > 0) {
            await tx.insert(invoiceLines).values(
              changes.lines.map((line, position) => ({
                invoice_id: invoiceId,
                position,
                description: line.description,
                quantity: line.quantity,
                unit_price: line.unitPrice,
                amount: fromCents(totals.amounts[position]!),
                created_at: now,
                updated_at: now,
              })),
            );
          }
        }
        return null;
      });
    },

    /** Deletes a draft with its lines; a sent or void invoice stays (it is in the customer's books). */
    async deleteDraft(companyId: number, invoiceId: number): Promise<InvoiceRefusal | null> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, companyId, invoiceId);
        if (!invoice) return { refused: 'not_found' } as const;
        if (invoice.state !== 'draft') return { refused: 'state', state: invoice.state as 'sent' | 'void' } as const;
        await tx.delete(invoices).where(eq(invoices.id, invoiceId));
        return null;
      });
    },

    /** A draft becomes sent: from now on the customer sees it, and it can no longer be edited. */
    async send(companyId: number, invoiceId: number, now: Date): Promise<InvoiceRefusal | { refused: null; projectId: number }> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, companyId, invoiceId);
        if (!invoice) return { refused: 'not_found' } as const;
        if (invoice.state !== 'draft') return { refused: 'state', state: invoice.state as 'sent' | 'void' } as const;
        const [line] = await tx.select({ id: invoiceLines.id }).from(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId)).limit(1);
        if (!line) return { refused: 'no_lines' } as const;
        await tx.update(invoices).set({ state: 'sent', updated_at: now }).where(eq(invoices.id, invoiceId));
        return { refused: null, projectId: invoice.project_id };
      });
    },

    /** Records money received against a sent invoice, never more than its balance. */
    async addPayment(
      companyId: number,
      invoiceId: number,
      payment: { amount: string; paidOn: string; method: string; reference: string | null },
      now: Date,
    ): Promise<InvoiceRefusal | { refused: null; paymentId: number }> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, companyId, invoiceId);
        if (!invoice) return { refused: 'not_found' } as const;
        if (invoice.state !== 'sent') return { refused: 'state', state: invoice.state as 'draft' | 'void' } as const;
        if (payment.paidOn < invoice.issue_date) return { refused: 'before_issue', issueDate: invoice.issue_date } as const;
        const balanceCents = toCents(invoice.total) - toCents(invoice.amount_paid);
        const amountCents = toCents(payment.amount);
        if (amountCents > balanceCents) return { refused: 'over_balance', balanceCents } as const;
        const [row] = await tx
          .insert(invoicePayments)
          .values({
            invoice_id: invoiceId,
            paid_on: payment.paidOn,
            amount: fromCents(amountCents),
            method: payment.method,
            reference: payment.reference,
            created_at: now,
            updated_at: now,
          })
          .returning({ id: invoicePayments.id });
        await settlePayments(tx, invoiceId, now);
        return { refused: null, paymentId: row!.id };
      });
    },

    /** Takes back a payment recorded by mistake; the invoice owes that much again. */
    async deletePayment(companyId: number, invoiceId: number, paymentId: number, now: Date): Promise<InvoiceRefusal | null> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, companyId, invoiceId);
        if (!invoice) return { refused: 'not_found' } as const;
        const removed = await tx
          .delete(invoicePayments)
          .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoice_id, invoiceId)))
          .returning({ id: invoicePayments.id });
        if (removed.length === 0) return { refused: 'not_found' } as const;
        await settlePayments(tx, invoiceId, now);
        return null;
      });
    },

    /** A sent invoice nobody paid anything on becomes void: owed by nobody, kept in the books. */
    async void(companyId: number, invoiceId: number, now: Date): Promise<InvoiceRefusal | null> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, companyId, invoiceId);
        if (!invoice) return { refused: 'not_found' } as const;
        if (invoice.state !== 'sent') return { refused: 'state', state: invoice.state as 'draft' | 'void' } as const;
        if (toCents(invoice.amount_paid) > 0) return { refused: 'paid' } as const;
        await tx.update(invoices).set({ state: 'void', updated_at: now }).where(eq(invoices.id, invoiceId));
        return null;
      });
    },

    /** Whom the project's invoices bill: its account (of the same company), with the billing address; null without one. */
    async billTo(scope: ProjectScope): Promise<{ name: string; addressLines: string[] } | null> {
      const [account] = await db
        .select({
          name: accounts.name,
          street: accounts.billing_address_street,
          city: accounts.billing_address_city,
          state: accounts.billing_address_state,
          zip: accounts.billing_address_zip,
        })
        .from(projects)
        .innerJoin(accounts, and(eq(accounts.id, projects.account_id), eq(accounts.company_id, projects.company_id)))
        .where(and(eq(projects.id, scope.projectId), eq(projects.company_id, scope.companyId)))
        .limit(1);
      if (!account) return null;
      const cityLine = [[account.city, account.state].filter(Boolean).join(', '), account.zip].filter(Boolean).join(' ');
      return { name: account.name, addressLines: [account.street ?? '', cityLine].filter(Boolean) };
    },

    /** The project's number and name, for statements and PDFs. */
    async project(scope: ProjectScope) {
      const [row] = await db
        .select({ id: projects.id, number: projects.number, name: projects.name, address_street: projects.address_street })
        .from(projects)
        .where(and(eq(projects.id, scope.projectId), eq(projects.company_id, scope.companyId)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
