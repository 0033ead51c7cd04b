import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { coordinate, id, money, timestamps } from './columns';
import { companies, staff } from './companies';

export const projectStatuses = pgTable(
  'project_statuses',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text(),
    position: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('project_statuses_company_idx').on(t.company_id)],
);

export const siteTypes = pgTable(
  'site_types',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    ...timestamps(),
  },
  (t) => [index('site_types_company_idx').on(t.company_id)],
);

/** The customer account (docs/requirements.md 4.5): primary contact, billing and shipping address. */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text(),
    email: text(),
    first_name: text(),
    last_name: text(),
    nick_name: text(),
    prefix: text(),
    title_id: integer(),
    phone_cell: text(),
    phone_fax: text(),
    phone_home: text(),
    phone_work: text(),
    phone_work_ext: text(),
    billing_address_city: text(),
    billing_address_state: text(),
    billing_address_street: text(),
    billing_address_zip: text(),
    billing_address_latitude: coordinate(),
    billing_address_longitude: coordinate(),
    shipping_address_city: text(),
    shipping_address_state: text(),
    shipping_address_street: text(),
    shipping_address_zip: text(),
    ...timestamps(),
  },
  (t) => [index('accounts_company_idx').on(t.company_id)],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    account_id: integer().references(() => accounts.id, { onDelete: 'set null' }),
    status_id: integer().references(() => projectStatuses.id, { onDelete: 'set null' }),
    site_type_id: integer().references(() => siteTypes.id, { onDelete: 'set null' }),
    rep_primary_id: integer().references(() => staff.id, { onDelete: 'set null' }),
    number: text(),
    name: text(),
    address_street: text(),
    address_city: text(),
    address_state: text(),
    address_zip: text(),
    address_description: text(),
    address_latitude: coordinate(),
    address_longitude: coordinate(),
    financials_total_amount: money(),
    financials_balance_amount: money(),
    ...timestamps(),
  },
  (t) => [index('projects_company_idx').on(t.company_id)],
);
