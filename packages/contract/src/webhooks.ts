import { z } from 'zod';
import { TimestampSchema } from './common';
import { WEBHOOK_EVENTS } from './company-side';
import { paginatedSchema } from './pagination';

export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);

export const WebhookEndpointInputSchema = z
  .object({
    url: z.string().trim().max(2_000),
    event_types: z.array(WebhookEventSchema).min(1, 'Name at least one event type.'),
    enabled: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'WebhookEndpointCreate' });
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>;
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
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export const WebhookEndpointCreatedSchema = WebhookEndpointSchema.extend({
  secret: z.string().describe('whsec_…: verify signatures with it. Shown only here.'),
}).meta({ id: 'WebhookEndpointCreated' });
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreatedSchema>;

export const WebhookDeliverySchema = z
  .object({
    id: z.number().int(),
    /** The `webhook-id` header, the same on every attempt. */
    event_id: z.string(),
    type: WebhookEventSchema,
    state: z.enum(['pending', 'delivered', 'failed']),
    next_attempt_at: TimestampSchema.nullable(),
    payload: z.unknown(),
    attempts: z.array(z.object({ at: TimestampSchema, status_code: z.number().int().nullable(), error: z.string().nullable(), latency_ms: z.number().int() })),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryPageSchema = paginatedSchema(WebhookDeliverySchema).meta({ id: 'WebhookDeliveryPage' });
