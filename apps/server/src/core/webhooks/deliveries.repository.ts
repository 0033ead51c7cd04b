import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';

/** A delivery the worker holds a lease on, with where it goes and the secret that signs it. */
export interface DueDelivery {
  id: number;
  event_id: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
}

/** What one attempt did to its delivery: delivered, failed for good, or pending again until `next`. */
export interface DeliveryOutcome {
  attempt: typeof webhookAttempts.$inferInsert;
  delivery: { id: number; attempts: number; state: 'delivered' | 'failed' | 'pending'; next: Date | null };
}

/**
 * The webhook worker's reads and writes of the outbox (plugins/webhooks.ts, docs/decisions/038-webhooks.md): leasing due
 * deliveries and recording the attempts made on them; and the queue's depth for plugins/metrics.ts.
 */
export function webhookDeliveriesRepository(db: Executor) {
  return {
    /** How many deliveries wait for a (further) attempt: the queue's depth on /metrics. */
    async pendingCount(): Promise<number> {
      const [row] = await db.select({ pending: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.state, 'pending'));
      return Number(row?.pending ?? 0);
    },

    /**
     * Leases up to `limit` due deliveries until `leasedUntil` (`FOR UPDATE SKIP LOCKED`: two servers on one database
     * never claim one row) and reads them with their endpoint. `claimed` counts the rows leased.
     */
    async claimDue(now: Date, leasedUntil: Date, limit: number): Promise<{ claimed: number; rows: DueDelivery[] }> {
      const claimed = (await db.execute(sql`
        update ${webhookDeliveries} set leased_until = ${leasedUntil.toISOString()}::timestamptz
        where id in (
          select id from ${webhookDeliveries}
          where state = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
            and (leased_until is null or leased_until < ${now.toISOString()}::timestamptz)
          order by next_attempt_at limit ${limit} for update skip locked)
        returning id`)) as unknown as { rows: { id: number }[] };
      const ids = claimed.rows.map((row) => Number(row.id));
      if (ids.length === 0) return { claimed: 0, rows: [] };
      const rows = await db
        .select({
          id: webhookDeliveries.id,
          event_id: webhookDeliveries.event_id,
          body: webhookDeliveries.body,
          attempts: webhookDeliveries.attempts,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpoint_id))
        .where(inArray(webhookDeliveries.id, ids));
      return { claimed: ids.length, rows };
    },

    /**
     * Attempts that ended together, in one transaction of two statements (on the embedded database every statement
     * waits its turn behind the requests' own): the attempts, and each delivery's new state with its lease let go.
     * Until it is written, a row keeps its lease: nobody sends it again.
     */
    async record(outcomes: DeliveryOutcome[], now: Date): Promise<void> {
      if (outcomes.length === 0) return;
      const rows = outcomes.map(
        ({ delivery }) => sql`(${delivery.id}::int, ${delivery.attempts}::int, ${delivery.state}::text, ${delivery.next?.toISOString() ?? null}::timestamptz)`,
      );
      await db.transaction(async (tx) => {
        await tx.insert(webhookAttempts).values(outcomes.map((outcome) => outcome.attempt));
        await tx.execute(sql`
          update ${webhookDeliveries} as d
          set attempts = v.attempts, state = v.state, next_attempt_at = coalesce(v.next, d.next_attempt_at),
              leased_until = null, updated_at = ${now.toISOString()}::timestamptz
          from (values ${sql.join(rows, sql`, `)}) as v(id, attempts, state, next)
          where d.id = v.id`);
      });
    },
  };
}
