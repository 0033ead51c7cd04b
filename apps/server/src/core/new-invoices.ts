import { fromCents, invoiceTotals, sumCents, toCents } from '@portal/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { companies, invoiceLines, invoicePayments, invoices } from '../db/schema';
import { addDaysToDate } from '../lib/time-zones';
import { apiTimestamp } from '../lib/timestamps';
import { emitWebhookEvent } from './webhooks/outbox';

/**
 * Invoices written: the invoices module's drafts and bulk inserts, and the invoice a change order's approval makes
 * (docs/decisions/129-the-invoice-a-change-order-approval-makes.md). A module never imports another, so what both need
 * is here: the insert with its money computed in whole cents, the company's next number, and the `invoice.sent` event.
 */

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

/** The days between an invoice's issue and due dates when nobody chose them: what the console's invoice form starts with. */
export const INVOICE_DUE_DAYS = 30;

/** An invoice's due date when nobody chose it: INVOICE_DUE_DAYS after its issue date. */
export const defaultDueDate = (issueDate: string) => addDaysToDate(issueDate, INVOICE_DUE_DAYS);

/** The first number of a company that has no invoice yet. */
export const FIRST_INVOICE_NUMBER = 'INV-1001';

/** An invoice's row with its money computed in whole cents, each line's amount, and the stamp its rows are dated with. */
function invoiceValues(item: NewInvoice) {
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
}

/** Bulk-inserts invoices with their lines and payments; totals, tax and amount paid are computed in whole cents. */
export async function insertInvoices(db: Executor, items: readonly NewInvoice[]): Promise<number[]> {
  if (items.length === 0) return [];
  const ids: number[] = [];
  // Chunks keep every statement under PostgreSQL's 65,535 parameters.
  for (let start = 0; start < items.length; start += 1000) {
    const chunk = items.slice(start, start + 1000);
    const rows = chunk.map(invoiceValues);
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

/** Whether the company already has an invoice of that number. */
async function numberTaken(tx: Executor, companyId: number, number: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.company_id, companyId), eq(invoices.number, number)))
    .limit(1);
  return Boolean(row);
}

/**
 * The company's next invoice number, in its own sequence: the digits that end its newest invoice's number, one past
 * the highest number with the same beginning, as wide as they were ("INV-1030" → "INV-1031", "2026-009" → "2026-010").
 * A newest number without digits at its end starts a sequence after it ("Deposit" → "Deposit-1"); a company without
 * invoices starts at FIRST_INVOICE_NUMBER. Call it inside the transaction that inserts the invoice, after
 * lockInvoiceNumbering, so two at once never take the same number.
 */
export async function nextInvoiceNumber(tx: Executor, companyId: number): Promise<string> {
  const [latest] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.company_id, companyId)).orderBy(desc(invoices.id)).limit(1);
  if (!latest) return FIRST_INVOICE_NUMBER;
  const match = /^(.*?)(\d{1,15})$/.exec(latest.number);
  if (!match) return nextAfter(tx, companyId, `${latest.number}-`, 1);
  return nextAfter(tx, companyId, match[1]!, match[2]!.length);
}

/** One past the highest number made of `prefix` and digits only, `width` digits at least, and free. */
async function nextAfter(tx: Executor, companyId: number, prefix: string, width: number): Promise<string> {
  const tail = sql`substr(${invoices.number}, ${prefix.length + 1})`;
  const [row] = await tx
    .select({ top: sql<string | null>`max(${tail}::numeric)::text` })
    .from(invoices)
    .where(and(eq(invoices.company_id, companyId), sql`left(${invoices.number}, ${prefix.length}) = ${prefix}`, sql`${tail} ~ '^[0-9]{1,15}$'`));
  let next = Number(row?.top ?? 0) + 1;
  // A number the pattern missed (another width of the same digits) is stepped over.
  while (await numberTaken(tx, companyId, `${prefix}${String(next).padStart(width, '0')}`)) next += 1;
  return `${prefix}${String(next).padStart(width, '0')}`;
}

/** Serialises the numbering of the company's invoices until the transaction ends (a lock on its row, not its table). */
export async function lockInvoiceNumbering(tx: Executor, companyId: number): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('no key update');
}

/**
 * `invoice.sent` in the company's webhook outbox: an invoice went out to the project's customers. Call it with the
 * transaction that sends it, as every webhook event.
 */
export async function emitInvoiceSent(
  tx: Executor,
  invoice: { id: number; company_id: number; project_id: number; number: string; issue_date: string; due_date: string; total: string },
  at: Date,
  source: { change_order_id: number } | null = null,
): Promise<void> {
  await emitWebhookEvent(tx, {
    companyId: invoice.company_id,
    type: 'invoice.sent',
    at,
    data: {
      invoice: {
        id: invoice.id,
        number: invoice.number,
        project_id: invoice.project_id,
        issue_date: invoice.issue_date,
        due_date: invoice.due_date,
        total: invoice.total,
        sent_at: apiTimestamp(at),
      },
      change_order: source ? { id: source.change_order_id } : null,
    },
  });
}
