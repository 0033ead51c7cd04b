import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    last_used_at: timestamp({ withTimezone: true, precision: 6 }),
    revoked_at: timestamp({ withTimezone: true, precision: 6 }),
    ...timestamps(),
  },
  (t) => [index('api_keys_company_idx').on(t.company_id)],
);
