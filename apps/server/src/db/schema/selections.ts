import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { companies, staff } from './companies';
import { files } from './files';
import { apiKeys } from './integration';
import { portalUsers } from './portal';
import { projects } from './projects';

/**
 * An allowance of a project (docs/company-api.md "Selections and allowances"): money the contract already holds for
 * something the customer picks later. What is chosen against it beyond (or short of) the amount reaches the contract
 * only through change orders (`change_orders.allowance_id`).
 */
export const allowances = pgTable(
  'allowances',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    amount: money().notNull(),
    position: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('allowances_project_idx').on(t.project_id, t.position), check('allowances_amount_check', sql`${t.amount} >= 0`)],
);

/**
 * A choice the customer must make. Its portal status (to choose, chosen, locked, past deadline) is derived when read
 * from `locked_at`, the current choice and `deadline`, so nothing has to be kept in step.
 */
export const selections = pgTable(
  'selections',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The allowance it draws on; deleting the allowance keeps the selection. */
    allowance_id: integer().references(() => allowances.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text(),
    /** The portal groups selections by it; null is shown as "Other". */
    room: text(),
    /** The last day to choose (UTC), as a change order's approval_deadline; null: no deadline. */
    deadline: date({ mode: 'string' }),
    position: integer().notNull().default(0),
    /** Set when the company has ordered what was chosen: the choice can no longer change. */
    locked_at: timestamp({ withTimezone: true, precision: 6 }),
    ...timestamps(),
  },
  (t) => [index('selections_project_idx').on(t.project_id, t.id), index('selections_allowance_idx').on(t.allowance_id)],
);

export const selectionOptions = pgTable(
  'selection_options',
  {
    id: id(),
    selection_id: integer()
      .notNull()
      .references(() => selections.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    price: money().notNull(),
    lead_time_days: integer(),
    supplier_url: text(),
    position: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('selection_options_selection_idx').on(t.selection_id, t.position),
    check('selection_options_price_check', sql`${t.price} >= 0`),
    check('selection_options_lead_time_days_check', sql`${t.lead_time_days} BETWEEN 0 AND 730`),
  ],
);

/** Photos of an option: uploaded images (at most SELECTION_OPTION_MAX_PHOTOS, checked by the code). */
export const selectionOptionPhotos = pgTable(
  'selection_option_photos',
  {
    id: id(),
    option_id: integer()
      .notNull()
      .references(() => selectionOptions.id, { onDelete: 'cascade' }),
    file_id: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('selection_option_photos_option_file_unique').on(t.option_id, t.file_id), index('selection_option_photos_file_idx').on(t.file_id)],
);

/**
 * Every choice made, with its evidence (as a signature's: name, email, time, IP address, browser) and what was chosen
 * as it was then. A later choice or a reset marks the current one replaced; the partial unique index keeps at most one
 * current choice per selection, whatever the race. An option once chosen cannot be deleted (restrict).
 */
export const selectionChoices = pgTable(
  'selection_choices',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    selection_id: integer()
      .notNull()
      .references(() => selections.id, { onDelete: 'cascade' }),
    option_id: integer()
      .notNull()
      .references(() => selectionOptions.id, { onDelete: 'restrict' }),
    chosen_by: text().$type<'customer' | 'company'>().notNull(),
    portal_user_id: integer().references(() => portalUsers.id, { onDelete: 'set null' }),
    staff_id: integer().references(() => staff.id, { onDelete: 'set null' }),
    api_key_id: integer().references(() => apiKeys.id, { onDelete: 'set null' }),
    /** The typed name; for the company, the staff member's name or the key's. */
    signer_name: text().notNull(),
    signer_email: text(),
    /** Why the company chose for the customer. */
    note: text(),
    ip_address: text().notNull(),
    user_agent: text(),
    chosen_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    option_title: text().notNull(),
    option_price: money().notNull(),
    /** The allowance's amount when chosen; null without one. */
    allowance_amount: money(),
    replaced_at: timestamp({ withTimezone: true, precision: 6 }),
    replaced_by: text().$type<'choice' | 'reset'>(),
  },
  (t) => [
    uniqueIndex('selection_choices_current_unique')
      .on(t.selection_id)
      .where(sql`${t.replaced_at} IS NULL`),
    index('selection_choices_selection_idx').on(t.selection_id, t.chosen_at),
    index('selection_choices_option_idx').on(t.option_id),
    index('selection_choices_company_idx').on(t.company_id, t.chosen_at),
    check('selection_choices_chosen_by_check', sql`${t.chosen_by} in ('customer', 'company')`),
    check('selection_choices_replaced_by_check', sql`${t.replaced_by} in ('choice', 'reset')`),
  ],
);
