import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emitInvoiceSent, insertInvoices, type NewInvoice } from '../../core/new-invoices';
import { invoiceLines, invoices } from '../../db/schema';
import { lockInvoice, type InvoiceRefusal } from './invoices.queries';
import { fromCents, invoiceTotals, toCents } from './money';

export type { NewInvoice } from '../../core/new-invoices';

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

/** A draft's changes as its row takes them, with the totals computed again from the lines it ends with. */
function draftChanges(changes: Partial<DraftFields>, taxRate: string, totals: ReturnType<typeof invoiceTotals>, now: Date) {
  return {
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
  };
}

/**
 * An invoice's life at the company: written (in bulk by the seed and the bench, or as one draft with its lines),
 * changed while a draft, sent to the customer, voided. Every amount is computed here, in cents.
 */
export function invoiceDraftsRepository(db: Executor) {
  return {
    /** Bulk-inserts invoices with their lines and payments (the seed and benchmarks; the company side later). */
    insert: (items: readonly NewInvoice[]) => insertInvoices(db, items),

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
          .set(draftChanges(changes, taxRate, totals, now))
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

    /** A draft becomes sent: from now on the customer sees it, and it can no longer be edited; `invoice.sent` goes in the outbox with it. */
    async send(companyId: number, invoiceId: number, now: Date): Promise<InvoiceRefusal | { refused: null; projectId: number }> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, companyId, invoiceId);
        if (!invoice) return { refused: 'not_found' } as const;
        if (invoice.state !== 'draft') return { refused: 'state', state: invoice.state as 'sent' | 'void' } as const;
        const [line] = await tx.select({ id: invoiceLines.id }).from(invoiceLines).where(eq(invoiceLines.invoice_id, invoiceId)).limit(1);
        if (!line) return { refused: 'no_lines' } as const;
        await tx.update(invoices).set({ state: 'sent', updated_at: now }).where(eq(invoices.id, invoiceId));
        await emitInvoiceSent(tx, invoice, now);
        return { refused: null, projectId: invoice.project_id };
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
  };
}
