import { and, asc, count, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { PageRequest } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/** What a company may change of an endpoint; what is left out stays. */
type EndpointChanges = Partial<Pick<WebhookEndpointRow, 'url' | 'event_types' | 'enabled'>>;

/** A company's webhook endpoints and their delivery log, as the company API reads and changes them (docs/company-api.md, "Webhooks"). */
export function webhooksRepository(db: Executor) {
  /** A page of an endpoint's deliveries, newest first, each with its attempts in order, and how many match in all. */
  async function deliveriesPage(endpointId: number, where: SQL | undefined, page: PageRequest) {
    const condition = and(eq(webhookDeliveries.endpoint_id, endpointId), where);
    const [rows, [total]] = await Promise.all([
      db.select().from(webhookDeliveries).where(condition).orderBy(desc(webhookDeliveries.id)).limit(page.size).offset(pageOffset(page)),
      db.select({ total: count() }).from(webhookDeliveries).where(condition),
    ]);
    const attempts = rows.length
      ? await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.delivery_id,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(webhookAttempts.id))
      : [];
    return { rows, attempts, total: Number(total?.total ?? 0) };
  }

  return {
    endpoints: {
      list: (companyId: number) => db.select().from(webhookEndpoints).where(eq(webhookEndpoints.company_id, companyId)).orderBy(asc(webhookEndpoints.id)),

      /** The company's endpoint, or null for another company's or none. */
      async find(companyId: number, id: number): Promise<WebhookEndpointRow | null> {
        const [row] = await db
          .select()
          .from(webhookEndpoints)
          .where(and(eq(webhookEndpoints.company_id, companyId), eq(webhookEndpoints.id, id)));
        return row ?? null;
      },

      async create(values: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
        const [row] = await db.insert(webhookEndpoints).values(values).returning();
        return row!;
      },

      async update(id: number, changes: EndpointChanges, now: Date): Promise<WebhookEndpointRow> {
        const [row] = await db
          .update(webhookEndpoints)
          .set({ ...changes, updated_at: now })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        return row!;
      },

      /** The endpoint and, with it, its deliveries and their attempts. */
      async remove(id: number): Promise<void> {
        await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      },
    },

    deliveries: {
      /** The delivery log of an endpoint, changed at or after `updatedSince` when given. */
      list: (endpointId: number, updatedSince: Date | undefined, page: PageRequest) =>
        deliveriesPage(endpointId, updatedSince ? and(gte(webhookDeliveries.updated_at, updatedSince)) : undefined, page),

      /** One delivery of the endpoint with its attempts, as the log shows it. */
      one: (endpointId: number, deliveryId: number) => deliveriesPage(endpointId, and(eq(webhookDeliveries.id, deliveryId)), { number: 1, size: 1 }),

      /** Makes the endpoint's delivery due now, whatever its state, with its lease let go; false when it has none of that id. */
      async redeliver(endpointId: number, deliveryId: number, now: Date): Promise<boolean> {
        const updated = await db
          .update(webhookDeliveries)
          .set({ state: 'pending', next_attempt_at: now, leased_until: null, updated_at: now })
          .where(and(eq(webhookDeliveries.endpoint_id, endpointId), eq(webhookDeliveries.id, deliveryId)))
          .returning({ id: webhookDeliveries.id });
        return updated.length > 0;
      },
    },
  };
}
