import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoicePayments, invoices } from '../../db/schema';
import { lockInvoice, type InvoiceRefusal } from './invoices.queries';
import { fromCents, sumCents, toCents } from './money';

/** amount_paid is the sum of the invoice's payments, added up again in cents after every payment written or removed. */
async function settlePayments(tx: Executor, invoiceId: number, now: Date) {
  const rows = await tx.select({ amount: invoicePayments.amount }).from(invoicePayments).where(eq(invoicePayments.invoice_id, invoiceId));
  const paid = sumCents(rows.map((row) => toCents(row.amount)));
  await tx
    .update(invoices)
    .set({ amount_paid: fromCents(paid), updated_at: now })
    .where(eq(invoices.id, invoiceId));
}

/** The money a company records against its sent invoices, and takes back. */
export function invoicePaymentsRepository(db: Executor) {
  return {
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
  };
}
