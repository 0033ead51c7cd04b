import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { companies, staff } from './companies';
import { portalUsers } from './portal';

/**
 * A signed-in device. The token handed out is `id.secret`; only the SHA-256 of the secret is kept,
 * so a copy of this table signs nobody in. A session is a portal user's or a staff member's, never both: each side
 * checks only its own kind, so a portal token is refused by the staff console's routes and the reverse.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    portal_user_id: integer().references(() => portalUsers.id, { onDelete: 'cascade' }),
    staff_id: integer().references(() => staff.id, { onDelete: 'cascade' }),
    /**
     * Set on a portal user's session that a staff member opened to preview the portal as that user
     * (docs/staff-console.md, "Preview as customer"): read-only, short-lived, never one of the user's own devices.
     */
    preview_staff_id: integer().references(() => staff.id, { onDelete: 'cascade' }),
    secret_hash: text().notNull(),
    user_agent: text(),
    ip: text(),
    created_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    last_used_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    revoked_at: timestamp({ withTimezone: true, precision: 6 }),
  },
  (t) => [
    index('sessions_user_idx').on(t.portal_user_id),
    index('sessions_staff_idx').on(t.staff_id),
    index('sessions_preview_staff_idx').on(t.preview_staff_id),
    check('sessions_one_subject', sql`(${t.portal_user_id} IS NULL) <> (${t.staff_id} IS NULL)`),
    check('sessions_preview_of_portal_user', sql`${t.preview_staff_id} IS NULL OR ${t.portal_user_id} IS NOT NULL`),
  ],
);

/** A staff member's invitation to the console: a single-use link (`id.secret`, SHA-256 kept) that sets a password. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    staff_id: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    secret_hash: text().notNull(),
    created_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    expires_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    consumed_at: timestamp({ withTimezone: true, precision: 6 }),
    /** A newer invitation, or the member's deactivation, ends this one. */
    voided_at: timestamp({ withTimezone: true, precision: 6 }),
  },
  (t) => [index('staff_invitations_staff_idx').on(t.staff_id)],
);

/**
 * A passwordless sign-in in flight: one link token and one 6-digit code, sent by email together.
 * The link is `id.secret` and only the SHA-256 of the secret is kept; the code is kept as an
 * HMAC-SHA-256 under a server key (see modules/auth/login-tokens.repository.ts), because a bare hash
 * of six digits is undone by trying all million. A request for an address with no account writes a
 * row too (portal_user_id null), so both cost the same and the code check answers alike.
 */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: id(),
    portal_user_id: integer().references(() => portalUsers.id, { onDelete: 'cascade' }),
    /** The address asked for, lower-cased; code sign-ins find their token by it. */
    email: text().notNull(),
    secret_hash: text().notNull(),
    code_hash: text().notNull(),
    /** Code tries so far, right or wrong; at the limit the token is void. */
    attempts: integer().notNull().default(0),
    created_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    expires_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    consumed_at: timestamp({ withTimezone: true, precision: 6 }),
    /** Set when a newer request or a sign-in made this one worthless. */
    voided_at: timestamp({ withTimezone: true, precision: 6 }),
    /**
     * What the link is for: 'sign_in', 'password_reset' or 'email_change' (then `email` is the new
     * address). A token only ever works for its own purpose.
     */
    purpose: text().notNull().default('sign_in'),
    /**
     * The company an invitation is from: a new invitation voids only the same company's older links, so one company's
     * invitation never spends another's (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
     */
    company_id: integer().references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [index('login_tokens_email_idx').on(t.email, t.id), index('login_tokens_expires_idx').on(t.expires_at)],
);
