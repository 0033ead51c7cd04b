import { AGING_BUCKETS, type AgingBucket, type ProjectMoney, type Statement, type StatementEntry } from '@portal/contract';
import { agingBucket, daysOverdue } from './aging';
import { fromCents, toCents } from './money';

const dueDates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const printDate = (date: string) => dueDates.format(new Date(`${date}T00:00:00Z`));

export interface StatementInvoice {
  id: number;
  number: string;
  issue_date: string;
  due_date: string;
  total: string;
  balance: string;
}

export interface StatementPayment {
  id: number;
  invoice_id: number;
  paid_on: string;
  amount: string;
  method: string;
  reference: string | null;
}

/**
 * The statement of account: every invoice (a charge, on its issue date) and every payment (a credit,
 * on the day it was paid) in date order, with the running balance after each; on the same day the
 * invoice comes before the payments against it. The balance is aged by each invoice's days past
 * due on `today`. All in whole cents; the buckets always add up to the closing balance.
 */
export function buildStatement(input: {
  today: string;
  project: Statement['project'];
  invoices: readonly StatementInvoice[];
  payments: readonly StatementPayment[];
}): Omit<Statement, keyof ProjectMoney> {
  const numbers = new Map(input.invoices.map((invoice) => [invoice.id, invoice.number]));
  type Draft = Omit<StatementEntry, 'balance'> & { cents: number; order: number; id: number };
  const drafts: Draft[] = [
    ...input.invoices.map((invoice) => ({
      date: invoice.issue_date,
      kind: 'invoice' as const,
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      description: `Invoice ${invoice.number}, due ${printDate(invoice.due_date)}`,
      charge: fromCents(toCents(invoice.total)),
      payment: null,
      cents: toCents(invoice.total),
      order: 0,
      id: invoice.id,
    })),
    ...input.payments
      .filter((payment) => numbers.has(payment.invoice_id))
      .map((payment) => ({
        date: payment.paid_on,
        kind: 'payment' as const,
        invoice_id: payment.invoice_id,
        invoice_number: numbers.get(payment.invoice_id)!,
        description: `Payment, ${payment.method}${payment.reference ? ` ${payment.reference}` : ''}, on ${numbers.get(payment.invoice_id)!}`,
        charge: null,
        payment: fromCents(toCents(payment.amount)),
        cents: -toCents(payment.amount),
        order: 1,
        id: payment.id,
      })),
  ];
  drafts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order || a.id - b.id));

  let running = 0;
  let invoiced = 0;
  let paid = 0;
  const entries: StatementEntry[] = drafts.map(({ cents, order: _order, id: _id, ...entry }) => {
    running += cents;
    if (cents >= 0) invoiced += cents;
    else paid -= cents;
    return { ...entry, balance: fromCents(running) };
  });

  const aging = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0])) as Record<AgingBucket, number>;
  for (const invoice of input.invoices) aging[agingBucket(daysOverdue(invoice.due_date, input.today))] += toCents(invoice.balance);

  return {
    currency: 'USD',
    as_of: input.today,
    project: input.project,
    entries,
    total_invoiced: fromCents(invoiced),
    total_paid: fromCents(paid),
    balance: fromCents(running),
    aging: {
      current: fromCents(aging.current),
      days_1_30: fromCents(aging.days_1_30),
      days_31_60: fromCents(aging.days_31_60),
      days_61_90: fromCents(aging.days_61_90),
      over_90: fromCents(aging.over_90),
    },
  };
}
