import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The counted hits of the rate limits (lib/rate-limiter.ts) when the server runs on PostgreSQL, so
 * that every process behind a load balancer counts against the same limits (decision 126). Rows
 * older than a day are swept.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    // bigint: a busy portal counts billions of hits over the years, and sweeping frees no ids.
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull(),
    hit_at: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.hit_at)],
);
