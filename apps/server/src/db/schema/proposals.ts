import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, money, timestamps } from './columns';
import { companies } from './companies';
import { portalUsers } from './portal';
import { projects } from './projects';

/**
 * A proposal of a project (docs/requirements.md 11.8). `state` holds the company's and the customer's steps (draft,
 * sent, accepted, declined, withdrawn, superseded); `expired` is derived when read from `expires_on`, as an invoice's
 * overdue is. Every version of a proposal is its own row with the same `number` and the next `version`: a sent one is
 * never edited, so what a customer saw and accepted stays as it was.
 *
 * The money (required items only, and with every optional item) is kept on the row, written only by the proposals
 * repository through the contract's integer-cent code.
 */
export const proposals = pgTable(
  'proposals',
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
    intro: text(),
    terms: text(),
    expires_on: date({ mode: 'string' }).notNull(),
    tax_rate: numeric({ precision: 7, scale: 4 }).notNull().default('0'),
    /** The required items, and the tax on them. */
    subtotal: money().notNull().default('0'),
    tax: money().notNull().default('0'),
    total: money().notNull().default('0'),
    /** Every item, optional ones ticked, with tax. */
    total_with_all_options: money().notNull().default('0'),
    sent_at: timestamp({ withTimezone: true, precision: 6 }),
    /** When a customer first opened it in the portal (the company hears of it once: `proposal.viewed`). */
    viewed_at: timestamp({ withTimezone: true, precision: 6 }),
    withdrawn_at: timestamp({ withTimezone: true, precision: 6 }),
    superseded_at: timestamp({ withTimezone: true, precision: 6 }),
    declined_at: timestamp({ withTimezone: true, precision: 6 }),
    decline_reason: text(),
    declined_by_portal_user_id: integer().references(() => portalUsers.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('proposals_company_number_version_unique').on(t.company_id, t.number, t.version),
    index('proposals_project_idx').on(t.project_id, t.id),
    check('proposals_state_check', sql`${t.state} in ('draft', 'sent', 'accepted', 'declined', 'withdrawn', 'superseded')`),
  ],
);

export const proposalSections = pgTable(
  'proposal_sections',
  {
    id: id(),
    proposal_id: integer()
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    title: text().notNull(),
  },
  (t) => [index('proposal_sections_proposal_idx').on(t.proposal_id, t.position)],
);

export const proposalItems = pgTable(
  'proposal_items',
  {
    id: id(),
    proposal_id: integer()
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    section_id: integer()
      .notNull()
      .references(() => proposalSections.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    description: text().notNull(),
    quantity: numeric({ precision: 12, scale: 3 }).notNull(),
    unit_price: money().notNull(),
    /** quantity × unit_price, rounded half away from zero to the cent. */
    amount: money().notNull(),
    optional: boolean().notNull().default(false),
  },
  (t) => [index('proposal_items_section_idx').on(t.section_id, t.position), index('proposal_items_proposal_idx').on(t.proposal_id)],
);

/**
 * The evidence of an acceptance (docs/decisions/067-proposal-pages.md). One row per proposal at most:
 * the unique index is what makes a second accept lose, whatever the race. The canonical JSON the customer saw is kept
 * word for word, so its hash can be checked again at any time; the signed PDF is in the blob store under `pdf_blob_key`.
 */
export const proposalAcceptances = pgTable(
  'proposal_acceptances',
  {
    id: id(),
    proposal_id: integer()
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    portal_user_id: integer().references(() => portalUsers.id, { onDelete: 'set null' }),
    signer_name: text().notNull(),
    signer_email: text().notNull(),
    accepted_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    ip_address: text().notNull(),
    user_agent: text(),
    selected_item_ids: integer().array().notNull(),
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
  (t) => [uniqueIndex('proposal_acceptances_proposal_unique').on(t.proposal_id)],
);
