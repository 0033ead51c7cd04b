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
import { and, asc, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireApiCompany } from '../../core/access/request';
import { newWebhookSecret } from '../../core/webhooks/outbox';
import { refusedUrl, type TargetPolicy } from '../../core/webhooks/targets';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { invalid, notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { paginate, pageOffset, pageUrls } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
const idParams = z.object({ id: IdSchema });
const deliveriesQuery = defineListQuery({ filters: { updated_since: { kind: 'timestamp' } } });
type Endpoint = typeof webhookEndpoints.$inferSelect;

/** A company's webhook endpoints and their delivery log (docs/company-api.md, "Webhooks"). */
export async function webhooksIntegrationRoutes(fastify: FastifyInstance, options: { publicUrl: string; targets: TargetPolicy }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const read = { apiKey: true, scope: 'webhooks:read' } as const;
  const write = { apiKey: true, scope: 'webhooks:write' } as const;

  const serialize = (row: Endpoint) => ({
    id: row.id,
    url: row.url,
    event_types: row.event_types as z.infer<typeof WebhookEndpointSchema>['event_types'],
    enabled: row.enabled,
    created_at: apiTimestamp(row.created_at),
    updated_at: apiTimestamp(row.updated_at),
  });
  const endpoint = async (companyId: number, id: number) => {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.company_id, companyId), eq(webhookEndpoints.id, id)));
    if (!row) throw notFound();
    return row;
  };
  // The address of a host name is judged at each delivery (docs/decisions/108-webhook-targets-checked-by-ipaddr.md).
  const checkUrl = (url: string) => {
    const refused = refusedUrl(url, options.targets);
    if (refused) throw invalid({ url: [refused] });
  };

  app.get(
    '/integration/webhooks',
    {
      config: read,
      schema: {
        tags: ['Webhooks'],
        operationId: 'listWebhookEndpoints',
        summary: "The company's webhook endpoints",
        response: { 200: z.object({ data: z.array(WebhookEndpointSchema) }), ...errors },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.company_id, company.id)).orderBy(asc(webhookEndpoints.id));
      return { data: rows.map(serialize) };
    },
  );

  app.post(
    '/integration/webhooks',
    {
      config: write,
      schema: {
        tags: ['Webhooks'],
        operationId: 'createWebhookEndpoint',
        summary: 'Add a webhook endpoint',
        description:
          'https:// to a public address (422 `url` otherwise); a host name is resolved and judged again at every delivery, which is refused when ' +
          'the name resolves to a private, loopback, link-local or other special-purpose address. ' +
          'The answer carries the signing secret, shown this once.',
        body: WebhookEndpointInputSchema,
        response: { 201: WebhookEndpointCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const company = requireApiCompany(request);
      checkUrl(request.body.url);
      const now = app.now();
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          company_id: company.id,
          url: request.body.url,
          secret: newWebhookSecret(),
          event_types: [...new Set(request.body.event_types)],
          enabled: request.body.enabled ?? true,
          created_at: now,
          updated_at: now,
        })
        .returning();
      return reply.status(201).send({ ...serialize(row!), secret: row!.secret });
    },
  );

  app.get(
    '/integration/webhooks/:id',
    {
      config: read,
      schema: {
        tags: ['Webhooks'],
        operationId: 'getWebhookEndpoint',
        summary: 'A webhook endpoint',
        params: idParams,
        response: { 200: WebhookEndpointSchema, ...errors },
      },
    },
    async (request) => serialize(await endpoint(requireApiCompany(request).id, request.params.id)),
  );

  app.patch(
    '/integration/webhooks/:id',
    {
      config: write,
      schema: {
        tags: ['Webhooks'],
        operationId: 'updateWebhookEndpoint',
        summary: 'Change a webhook endpoint',
        params: idParams,
        body: WebhookEndpointUpdateSchema,
        response: { 200: WebhookEndpointSchema, ...errors },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      const row = await endpoint(company.id, request.params.id);
      if (request.body.url !== undefined) checkUrl(request.body.url);
      const [updated] = await db
        .update(webhookEndpoints)
        .set({
          ...(request.body.url !== undefined ? { url: request.body.url } : {}),
          ...(request.body.event_types ? { event_types: [...new Set(request.body.event_types)] } : {}),
          ...(request.body.enabled !== undefined ? { enabled: request.body.enabled } : {}),
          updated_at: app.now(),
        })
        .where(eq(webhookEndpoints.id, row.id))
        .returning();
      return serialize(updated!);
    },
  );

  app.delete(
    '/integration/webhooks/:id',
    {
      config: write,
      schema: {
        tags: ['Webhooks'],
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete a webhook endpoint and its log',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const row = await endpoint(requireApiCompany(request).id, request.params.id);
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
      return reply.status(204).send(null);
    },
  );

  async function deliveries(endpointId: number, where: ReturnType<typeof and>, page: { number: number; size: number }) {
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
    return {
      total: Number(total?.total ?? 0),
      data: rows.map((row) => ({
        id: row.id,
        event_id: row.event_id,
        type: row.type as z.infer<typeof WebhookDeliverySchema>['type'],
        state: row.state,
        next_attempt_at: row.state === 'pending' ? apiTimestamp(row.next_attempt_at) : null,
        payload: JSON.parse(row.body) as unknown,
        attempts: attempts
          .filter((attempt) => attempt.delivery_id === row.id)
          .map((attempt) => ({ at: apiTimestamp(attempt.at), status_code: attempt.status_code, error: attempt.error, latency_ms: attempt.latency_ms })),
        created_at: apiTimestamp(row.created_at),
        updated_at: apiTimestamp(row.updated_at),
      })),
    };
  }

  app.get(
    '/integration/webhooks/:id/deliveries',
    {
      config: read,
      schema: {
        tags: ['Webhooks'],
        operationId: 'listWebhookDeliveries',
        summary: "An endpoint's delivery log, newest first, each event with every attempt",
        params: idParams,
        querystring: deliveriesQuery.querystring,
        response: { 200: WebhookDeliveryPageSchema, ...errors },
      },
      preValidation: deliveriesQuery.preValidation,
    },
    async (request) => {
      const row = await endpoint(requireApiCompany(request).id, request.params.id);
      const { filters, page } = deliveriesQuery.from(request);
      const since = filters.updated_since?.[0];
      const { data, total } = await deliveries(row.id, since ? and(gte(webhookDeliveries.updated_at, since)) : undefined, page);
      return paginate(data, total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.post(
    '/integration/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: write,
      schema: {
        tags: ['Webhooks'],
        operationId: 'redeliverWebhook',
        summary: 'Send an event again now, with the same webhook-id',
        params: z.object({ id: IdSchema, deliveryId: IdSchema }),
        response: { 200: WebhookDeliverySchema, ...errors },
      },
    },
    async (request) => {
      const row = await endpoint(requireApiCompany(request).id, request.params.id);
      const now = app.now();
      const updated = await db
        .update(webhookDeliveries)
        .set({ state: 'pending', next_attempt_at: now, leased_until: null, updated_at: now })
        .where(and(eq(webhookDeliveries.endpoint_id, row.id), eq(webhookDeliveries.id, request.params.deliveryId)))
        .returning({ id: webhookDeliveries.id });
      if (updated.length === 0) throw notFound();
      app.webhooks.wake();
      const { data } = await deliveries(row.id, and(eq(webhookDeliveries.id, request.params.deliveryId)), { number: 1, size: 1 });
      return data[0]!;
    },
  );
}
