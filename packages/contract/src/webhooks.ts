import { z } from 'zod';
import { TimestampSchema } from './common';
import { paginatedSchema } from './pagination';

/** Webhooks on the integration API (docs/company-api.md, "Webhooks"). */
export const WEBHOOK_EVENTS = ['note.created', 'document.uploaded', 'contact_message.created', 'invoice.viewed', 'portal_user.activated'] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);

export const WebhookEndpointInputSchema = z
  .object({
    url: z.string().trim().max(2_000),
    event_types: z.array(WebhookEventSchema).min(1, 'Name at least one event type.'),
    enabled: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'WebhookEndpointCreate' });
export const WebhookEndpointUpdateSchema = WebhookEndpointInputSchema.partial().strict().meta({ id: 'WebhookEndpointUpdate' });

export const WebhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    event_types: z.array(WebhookEventSchema),
    enabled: z.boolean(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: 'WebhookEndpoint' });
export const WebhookEndpointCreatedSchema = WebhookEndpointSchema.extend({
  secret: z.string().describe('whsec_…: verify signatures with it. Shown only here.'),
}).meta({ id: 'WebhookEndpointCreated' });

export const WebhookDeliverySchema = z
  .object({
    id: z.number().int(),
    /** The `webhook-id` header, the same on every attempt. */
    event_id: z.string(),
    type: WebhookEventSchema,
    state: z.enum(['pending', 'delivered', 'failed']),
    next_attempt_at: TimestampSchema.nullable(),
    payload: z.unknown(),
    attempts: z.array(
      z.object({ at: TimestampSchema, status_code: z.number().int().nullable(), error: z.string().nullable(), latency_ms: z.number().int() }),
    ),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: 'WebhookDelivery' });
export const WebhookDeliveryPageSchema = paginatedSchema(WebhookDeliverySchema).meta({ id: 'WebhookDeliveryPage' });
