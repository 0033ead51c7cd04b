import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { companies } from './companies';
import { files } from './files';
import { invoices } from './invoices';
import { portalUsers } from './portal';
import { projects } from './projects';
import { allowances } from './selections';

/**
 * A change order of a project (docs/company-api.md "Change orders"): a priced change to the contract the customer
 * approves or declines. `state` holds the company's and the customer's steps (draft, sent, approved, declined,
 * withdrawn, superseded); `expired` is derived when read from `approval_deadline`, as a proposal's is. Every version is
 * its own row with the same `number` and the next `version`: a sent one is never edited, so what a customer saw and
 * approved stays as it was. The money is kept on the row, written only through the contract's integer-cent code.
 */
export const changeOrders = pgTable(
  'change_orders',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    version: integer().notNull().default(1),
    /** The version this one was copied from (same company and number); not a foreign key, so deleting a draft never cascades. */
    previous_version_id: integer(),
    state: text().notNull().default('draft'),
    title: text().notNull(),
    description: text(),
    /** The last day it may be approved (UTC); null: no deadline. */
    approval_deadline: date({ mode: 'string' }),
    schedule_days: integer().notNull().default(0),
    tax_rate: numeric({ precision: 7, scale: 4 }).notNull().default('0'),
    subtotal: money().notNull().default('0'),
    tax: money().notNull().default('0'),
    /** Negative: a credit. */
    total: money().notNull().default('0'),
    invoice_on_approval: boolean().notNull().default(false),
    /** The invoice made at approval, with invoice_on_approval. */
    invoice_id: integer().references(() => invoices.id, { onDelete: 'set null' }),
    sent_at: timestamp({ withTimezone: true, precision: 6 }),
    /** When a customer first opened it in the portal (the company hears of it once: `change_order.viewed`). */
    viewed_at: timestamp({ withTimezone: true, precision: 6 }),
    withdrawn_at: timestamp({ withTimezone: true, precision: 6 }),
    superseded_at: timestamp({ withTimezone: true, precision: 6 }),
    declined_at: timestamp({ withTimezone: true, precision: 6 }),
    decline_reason: text(),
    declined_by_portal_user_id: integer().references(() => portalUsers.id, { onDelete: 'set null' }),
    /** Made from an allowance's difference (docs/company-api.md "Selections and allowances"); null for any other. */
    allowance_id: integer().references(() => allowances.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('change_orders_company_number_version_unique').on(t.company_id, t.number, t.version),
    index('change_orders_project_idx').on(t.project_id, t.id),
    index('change_orders_allowance_idx').on(t.allowance_id),
    check('change_orders_state_check', sql`${t.state} in ('draft', 'sent', 'approved', 'declined', 'withdrawn', 'superseded')`),
    check('change_orders_schedule_days_check', sql`${t.schedule_days} BETWEEN -365 AND 365`),
  ],
);

export const changeOrderItems = pgTable(
  'change_order_items',
  {
    id: id(),
    change_order_id: integer()
      .notNull()
      .references(() => changeOrders.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    description: text().notNull(),
    quantity: numeric({ precision: 12, scale: 3 }).notNull(),
    unit_price: money().notNull(),
    /** quantity × unit_price, rounded half away from zero to the cent. */
    amount: money().notNull(),
  },
  (t) => [index('change_order_items_change_order_idx').on(t.change_order_id, t.position)],
);

/** Files shown with a change order: files of the project's documents, picked by the company. */
export const changeOrderFiles = pgTable(
  'change_order_files',
  {
    id: id(),
    change_order_id: integer()
      .notNull()
      .references(() => changeOrders.id, { onDelete: 'cascade' }),
    file_id: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('change_order_files_change_order_file_unique').on(t.change_order_id, t.file_id), index('change_order_files_file_idx').on(t.file_id)],
);

/**
 * The evidence of an approval, the same as a proposal's acceptance (docs/decisions/067-proposal-pages.md). One row per
 * change order at most: the unique index is what makes a second approval lose, whatever the race.
 */
export const changeOrderApprovals = pgTable(
  'change_order_approvals',
  {
    id: id(),
    change_order_id: integer()
      .notNull()
      .references(() => changeOrders.id, { onDelete: 'cascade' }),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    portal_user_id: integer().references(() => portalUsers.id, { onDelete: 'set null' }),
    signer_name: text().notNull(),
    signer_email: text().notNull(),
    approved_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    ip_address: text().notNull(),
    user_agent: text(),
    subtotal: money().notNull(),
    tax: money().notNull(),
    total: money().notNull(),
    content_json: text().notNull(),
    content_sha256: text().notNull(),
    pdf_blob_key: text().notNull(),
    pdf_sha256: text().notNull(),
    pdf_size: integer().notNull(),
    created_at: timestamp({ withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('change_order_approvals_change_order_unique').on(t.change_order_id)],
);
