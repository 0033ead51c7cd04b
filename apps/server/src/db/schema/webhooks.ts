import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { companies } from './companies';

/** Where a company wants to hear of what its customers do (docs/company-api.md, "Webhooks"). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    /** `whsec_…`: kept, since every delivery is signed with it; shown only when the endpoint is made. */
    secret: text().notNull(),
    event_types: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.company_id)],
);

/**
 * The outbox: one row per event and endpoint, written in the same transaction as what caused the event, so an event
 * is sent if and only if its cause was committed. `body` is the exact bytes signed and sent, on every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpoint_id: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    company_id: integer().notNull(),
    /** The `webhook-id` header: the same on every attempt, so a receiver can drop repeats. */
    event_id: text().notNull(),
    type: text().notNull(),
    body: text().notNull(),
    state: text().$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    next_attempt_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    /** Claimed by a server until then; a server that died lets it go when this passes. */
    leased_until: timestamp({ withTimezone: true, precision: 6 }),
    ...timestamps(),
  },
  (t) => [index('webhook_deliveries_due_idx').on(t.state, t.next_attempt_at), index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.id)],
);

/** Each try at a delivery, for the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    delivery_id: integer()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    status_code: integer(),
    error: text(),
    latency_ms: integer().notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.delivery_id, t.id)],
);
