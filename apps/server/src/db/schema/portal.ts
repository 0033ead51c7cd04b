import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { companies } from './companies';

/** A customer who signs in. One person, one row, however many companies share projects with them. */
export const portalUsers = pgTable(
  'portal_users',
  {
    id: id(),
    /** Stored lower-cased, so the unique index is case-insensitive. */
    email: text().notNull(),
    first_name: text(),
    last_name: text(),
    password_hash: text(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('portal_users_email_unique').on(t.email)],
);

/**
 * The link between a portal user and one thing a company shared with them. Everything a portal
 * user can read goes through one of these: no entity, no access.
 */
export const portalEntities = pgTable(
  'portal_entities',
  {
    id: id(),
    portal_user_id: integer()
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    model_type: text().notNull(),
    model_id: integer().notNull(),
    scope: text().notNull().default('customer'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('portal_entities_user_model_unique').on(t.portal_user_id, t.model_type, t.model_id),
    // GET /entities?filter[company_id]=… (the first-entity lookup, docs/requirements.md 8.2) and the user's list in id order.
    index('portal_entities_user_company_idx').on(t.portal_user_id, t.company_id, t.id),
    // GET /entities in its default order: the page comes straight off the index, however many entities a user has.
    index('portal_entities_user_id_idx').on(t.portal_user_id, t.id),
    index('portal_entities_model_idx').on(t.model_type, t.model_id),
    index('portal_entities_company_idx').on(t.company_id),
  ],
);

/**
 * The people a company knows as its customers: those it created or shared something with. A company reaches a portal
 * user only through this link, so another company's customers stay out of its reach (docs/company-api.md, "Customers").
 */
export const companyCustomers = pgTable(
  'company_customers',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    portal_user_id: integer()
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    /**
     * The company's own names for the person (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md): written
     * by this company alone and shown only to it. The person's own name is portal_users', which only they change.
     */
    first_name: text(),
    last_name: text(),
    /** When the company last sent the invitation. */
    invited_at: timestamp({ withTimezone: true, precision: 6 }),
    /** The company ended this customer's access (their shares with it are gone). */
    deactivated_at: timestamp({ withTimezone: true, precision: 6 }),
    /** The customer's first sign-in after the company added them (the company hears of it once: `portal_user.activated`). */
    activated_at: timestamp({ withTimezone: true, precision: 6 }),
    /**
     * The customer's last sign-in that this company may know of: one through its invitation, or while it shared
     * something with them. Sign-ins that concern only other companies never reach it.
     */
    last_sign_in_at: timestamp({ withTimezone: true, precision: 6 }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('company_customers_company_user_unique').on(t.company_id, t.portal_user_id), index('company_customers_user_idx').on(t.portal_user_id)],
);
