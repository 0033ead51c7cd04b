import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text().notNull(),
    url: text(),
    phone_default: text(),
    contact_email: text(),
    address_street: text(),
    address_city: text(),
    address_state: text(),
    address_zip: text(),
    color: text(),
    logo_url: text(),
    portal_welcome_message: text(),
    is_portal_album_sharing_enabled: boolean().notNull().default(false),
    is_portal_change_orders_enabled: boolean().notNull().default(false),
    is_portal_file_sharing_enabled: boolean().notNull().default(false),
    is_portal_invoicing_enabled: boolean().notNull().default(false),
    is_portal_project_calendar_enabled: boolean().notNull().default(false),
    is_portal_project_info_enabled: boolean().notNull().default(true),
    is_portal_project_notes_enabled: boolean().notNull().default(false),
    is_portal_proposals_enabled: boolean().notNull().default(false),
    is_portal_selections_enabled: boolean().notNull().default(false),
    is_portal_user_profile_pics_enabled: boolean().notNull().default(false),
    /** IANA zone of the calendar's all-day dates and of the times the portal shows (docs/decisions/065-calendar-time-zones-and-icalendar.md). */
    time_zone: text().notNull().default('America/New_York'),
    /** What a choice over its allowance makes: a change order draft for the office, or one sent at once. */
    selection_overage_change_orders: text().$type<'draft' | 'send'>().notNull().default('draft'),
    ...timestamps(),
  },
  (t) => [check('companies_selection_overage_change_orders_check', sql`${t.selection_overage_change_orders} in ('draft', 'send')`)],
);

/** A company's portal theme; its code brands the sign-in pages (`?theme=acme`). One per company. */
export const portalThemes = pgTable(
  'portal_themes',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    name: text().notNull(),
    color: text(),
    logo_url: text(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('portal_themes_code_unique').on(t.code), uniqueIndex('portal_themes_company_unique').on(t.company_id)],
);

/** Company staff; a project's primary rep is one of them. */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text(),
    phone: text(),
    title: text(),
    avatar_url: text(),
    /** owner: manages staff, keys, webhooks, branding and switches; staff: the daily work. */
    role: text().$type<'owner' | 'staff'>().notNull().default('staff'),
    /** The console's password (scrypt, as portal users'); null until they accept their invitation. */
    password_hash: text(),
    /** A deactivated member stays the author of old notes and the rep of old projects, but is given nothing new. */
    deactivated_at: timestamp({ withTimezone: true, precision: 6 }),
    ...timestamps(),
  },
  (t) => [
    index('staff_company_idx').on(t.company_id),
    // Two active members of one company never share an email: the console's sign-in tells them apart by it.
    uniqueIndex('staff_company_email_active_unique')
      .on(t.company_id, sql`lower(${t.email})`)
      .where(sql`${t.deactivated_at} IS NULL AND ${t.email} IS NOT NULL`),
  ],
);
