import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { WEBHOOK_EVENTS } from '@portal/contract';
import type { Executor } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

/** What customers do that a company hears of (docs/company-api.md, "Webhooks"). */
type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the secret's bytes (the Standard Webhooks signature). */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Puts an event in the outbox of every enabled endpoint of the company that asked for its type. Call it with the
 * transaction that writes the event's cause: the event then exists if and only if its cause does.
 */
export async function emitWebhookEvent(tx: Executor, event: { companyId: number; type: WebhookEventType; data: unknown; at: Date }): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.company_id, event.companyId), eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.event_types, [event.type])),
    );
  if (endpoints.length === 0) return 0;
  const body = JSON.stringify({ type: event.type, timestamp: event.at.toISOString(), data: event.data });
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpoint_id: endpoint.id,
      company_id: event.companyId,
      event_id: `msg_${randomUUID().replaceAll('-', '')}`,
      type: event.type,
      body,
      next_attempt_at: event.at,
      created_at: event.at,
      updated_at: event.at,
    })),
  );
  return endpoints.length;
}
