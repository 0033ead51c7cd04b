import {
  ApiErrorSchema,
  IdSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointInputSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';

/**
 * What the company side's webhooks routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in webhooks.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
const idParams = z.object({ id: IdSchema });
export const deliveriesQuery = defineListQuery({ filters: { updated_since: { kind: 'timestamp' } } });

export const listWebhookEndpoints = {
  tags: ['Webhooks'],
  operationId: 'listWebhookEndpoints',
  summary: "The company's webhook endpoints",
  response: { 200: z.object({ data: z.array(WebhookEndpointSchema) }), ...errors },
};

export const createWebhookEndpoint = {
  tags: ['Webhooks'],
  operationId: 'createWebhookEndpoint',
  summary: 'Add a webhook endpoint',
  description:
    'https:// to a public address (422 `url` otherwise); a host name is resolved and judged again at every delivery, which is refused when ' +
    'the name resolves to a private, loopback, link-local or other special-purpose address. ' +
    'The answer carries the signing secret, shown this once.',
  body: WebhookEndpointInputSchema,
  response: { 201: WebhookEndpointCreatedSchema, ...errors },
};

export const getWebhookEndpoint = {
  tags: ['Webhooks'],
  operationId: 'getWebhookEndpoint',
  summary: 'A webhook endpoint',
  params: idParams,
  response: { 200: WebhookEndpointSchema, ...errors },
};

export const updateWebhookEndpoint = {
  tags: ['Webhooks'],
  operationId: 'updateWebhookEndpoint',
  summary: 'Change a webhook endpoint',
  params: idParams,
  body: WebhookEndpointUpdateSchema,
  response: { 200: WebhookEndpointSchema, ...errors },
};

export const deleteWebhookEndpoint = {
  tags: ['Webhooks'],
  operationId: 'deleteWebhookEndpoint',
  summary: 'Delete a webhook endpoint and its log',
  params: idParams,
  response: { 204: z.null().describe('Deleted'), ...errors },
};

export const listWebhookDeliveries = {
  tags: ['Webhooks'],
  operationId: 'listWebhookDeliveries',
  summary: "An endpoint's delivery log, newest first, each event with every attempt",
  params: idParams,
  querystring: deliveriesQuery.querystring,
  response: { 200: WebhookDeliveryPageSchema, ...errors },
};

export const redeliverWebhook = {
  tags: ['Webhooks'],
  operationId: 'redeliverWebhook',
  summary: 'Send an event again now, with the same webhook-id',
  params: z.object({ id: IdSchema, deliveryId: IdSchema }),
  response: { 200: WebhookDeliverySchema, ...errors },
};
