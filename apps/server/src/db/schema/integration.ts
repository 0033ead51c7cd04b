import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Scope } from '@portal/contract';
import { id, timestamps } from './columns';
import { companies } from './companies';

/**
 * A company's key to the integration API (docs/requirements.md 18: the company side starts as an
 * integration API with API keys). The key handed out is `ppk_<id>_<secret>`; only the SHA-256 of the secret
 * is kept, so a copy of this table calls nothing.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    secret_hash: text().notNull(),
    /** What the key may do; a route needing a scope the key lacks answers 403 naming it. */
    scopes: text().array().$type<Scope[]>().notNull(),
    /** A key past this moment is refused like a revoked one (401). */
    expires_at: timestamp({ withTimezone: true, precision: 6 }),
    last_used_at: timestamp({ withTimezone: true, precision: 6 }),
    revoked_at: timestamp({ withTimezone: true, precision: 6 }),
    ...timestamps(),
  },
  (t) => [index('api_keys_company_idx').on(t.company_id)],
);

/**
 * The first answer to a POST that carried an `Idempotency-Key`, kept 24 hours so that a CRM's retry gets the same
 * answer instead of a second record (docs/decisions/036-idempotency-keys.md). A row without a status is a request
 * still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    request_hash: text().notNull(),
    status_code: integer(),
    content_type: text(),
    response_body: text(),
    created_at: timestamp({ withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_company_key_unique').on(t.company_id, t.key), index('idempotency_keys_created_idx').on(t.created_at)],
);
