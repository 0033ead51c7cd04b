import type { AgingBucket, PortalInvoiceStatus } from '@portal/contract';

/**
 * Calendar arithmetic and the statuses and aging buckets derived from it. Dates are calendar
 * dates ("2026-03-02"); "today" is the UTC date of the app's clock (the company's time zone is not
 * modelled yet), so an invoice due today is not overdue until tomorrow, UTC.
 */

const DAY_MS = 86_400_000;

/** The UTC calendar date of an instant: "2026-03-02". */
export function calendarDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both calendar dates); negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return calendarDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

/** Days past due on `today`: 0 on the due date and before it. */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.max(0, daysBetween(dueDate, today));
}

/** The aging bucket of a balance: current until the due date has passed, then 1-30, 31-60, 61-90, over 90 days. */
export function agingBucket(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days_1_30';
  if (daysPastDue <= 60) return 'days_31_60';
  if (daysPastDue <= 90) return 'days_61_90';
  return 'over_90';
}

/**
 * What the portal shows for an invoice the company has sent or voided: void stays void; nothing left
 * to pay is paid; a balance past its due date is overdue (even when part of it was paid: that is what
 * the customer must act on); some payment is partially paid; otherwise sent. The list repeats this
 * rule in SQL (invoices.queries.ts statusSql) so that it can filter and sort by it.
 */
export function derivedStatus(
  invoice: { state: 'sent' | 'void'; due_date: string; amountPaidCents: number; balanceCents: number },
  today: string,
): PortalInvoiceStatus {
  if (invoice.state === 'void') return 'void';
  if (invoice.balanceCents <= 0) return 'paid';
  if (invoice.due_date < today) return 'overdue';
  if (invoice.amountPaidCents > 0) return 'partially_paid';
  return 'sent';
}
