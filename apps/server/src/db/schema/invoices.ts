import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { companies } from './companies';
import { projects } from './projects';

/**
 * An invoice of a project (docs/requirements.md 11.5). Only the company's side of its life is stored in `state`
 * (draft, sent or void); what the portal shows as its status (sent, partially_paid, paid, overdue,
 * void) is derived from the state, the balance and the due date when it is read, so it can never
 * disagree with the payments or the calendar (docs/decisions: invoices).
 *
 * The totals are kept on the row, exact in numeric(14,2), and written only through the invoices
 * repository (integer-cent arithmetic): the list sorts and sums them without reading every line and
 * payment. `balance` is computed by the database from them (a void one reads 0.00 through the repository).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: text().notNull(),
    state: text().notNull().default('draft'),
    issue_date: date({ mode: 'string' }).notNull(),
    due_date: date({ mode: 'string' }).notNull(),
    /** Percent of the subtotal, e.g. 8.2500. */
    tax_rate: numeric({ precision: 7, scale: 4 }).notNull().default('0'),
    subtotal: money().notNull().default('0'),
    tax: money().notNull().default('0'),
    total: money().notNull().default('0'),
    amount_paid: money().notNull().default('0'),
    balance: money()
      .notNull()
      .generatedAlwaysAs(sql`"total" - "amount_paid"`),
    notes: text(),
    terms: text(),
    /** When a customer first opened it in the portal (the company hears of it once: `invoice.viewed`). */
    viewed_at: timestamp({ withTimezone: true, precision: 6 }),
    ...timestamps(),
  },
  (t) => [
    // Numbers are unique per company, as the company's books need.
    uniqueIndex('invoices_company_number_unique').on(t.company_id, t.number),
    // The project's list in its default order (newest first) comes off this index.
    index('invoices_project_issue_idx').on(t.project_id, t.issue_date, t.id),
    check('invoices_state_check', sql`${t.state} in ('draft', 'sent', 'void')`),
    check('invoices_dates_check', sql`${t.due_date} >= ${t.issue_date}`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoice_id: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    description: text().notNull(),
    /** Up to three decimals (2.5 hours, 0.125 tons). */
    quantity: numeric({ precision: 12, scale: 3 }).notNull(),
    unit_price: money().notNull(),
    /** quantity × unit_price, rounded half away from zero to the cent. */
    amount: money().notNull(),
    ...timestamps(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoice_id, t.position)],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoice_id: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paid_on: date({ mode: 'string' }).notNull(),
    amount: money().notNull(),
    /** "Check", "ACH", "Card", … */
    method: text().notNull(),
    reference: text(),
    ...timestamps(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoice_id, t.paid_on), check('invoice_payments_amount_check', sql`${t.amount} > 0`)],
);
