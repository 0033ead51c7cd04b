import type { WebhookDeliverySchema, WebhookEndpointSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireApiCompany } from '../../core/access/request';
import { newWebhookSecret } from '../../core/webhooks/outbox';
import { refusedUrl, type TargetPolicy } from '../../core/webhooks/targets';
import { invalid, notFound } from '../../lib/http-errors';
import { paginate, pageUrls } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import * as schemas from './webhooks.company-schemas';
import { webhooksRepository, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookEndpointRow } from './webhooks.repository';

const serializeEndpoint = (row: WebhookEndpointRow) => ({
  id: row.id,
  url: row.url,
  event_types: row.event_types as z.infer<typeof WebhookEndpointSchema>['event_types'],
  enabled: row.enabled,
  created_at: apiTimestamp(row.created_at),
  updated_at: apiTimestamp(row.updated_at),
});

/** Deliveries as the log shows them, each with its own attempts. */
const serializeDeliveries = ({ rows, attempts }: { rows: WebhookDeliveryRow[]; attempts: WebhookAttemptRow[] }) =>
  rows.map((row) => ({
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
  }));

/** A company's webhook endpoints and their delivery log (docs/company-api.md, "Webhooks"). */
export async function webhooksCompanyRoutes(fastify: FastifyInstance, options: { publicUrl: string; targets: TargetPolicy }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = webhooksRepository(app.database.db);
  const read = { apiKey: true, scope: 'webhooks:read' } as const;
  const write = { apiKey: true, scope: 'webhooks:write' } as const;

  const endpoint = async (companyId: number, id: number) => {
    const row = await repository.endpoints.find(companyId, id);
    if (!row) throw notFound();
    return row;
  };
  // The address of a host name is judged at each delivery (docs/decisions/108-webhook-targets-checked-by-ipaddr.md).
  const checkUrl = (url: string) => {
    const refused = refusedUrl(url, options.targets);
    if (refused) throw invalid({ url: [refused] });
  };

  app.get('/integration/webhooks', { config: read, schema: schemas.listWebhookEndpoints }, async (request) => {
    const rows = await repository.endpoints.list(requireApiCompany(request).id);
    return { data: rows.map(serializeEndpoint) };
  });

  app.post('/integration/webhooks', { config: write, schema: schemas.createWebhookEndpoint }, async (request, reply) => {
    const company = requireApiCompany(request);
    checkUrl(request.body.url);
    const now = app.now();
    const row = await repository.endpoints.create({
      company_id: company.id,
      url: request.body.url,
      secret: newWebhookSecret(),
      event_types: [...new Set(request.body.event_types)],
      enabled: request.body.enabled ?? true,
      created_at: now,
      updated_at: now,
    });
    return reply.status(201).send({ ...serializeEndpoint(row), secret: row.secret });
  });

  app.get('/integration/webhooks/:id', { config: read, schema: schemas.getWebhookEndpoint }, async (request) =>
    serializeEndpoint(await endpoint(requireApiCompany(request).id, request.params.id)),
  );

  app.patch('/integration/webhooks/:id', { config: write, schema: schemas.updateWebhookEndpoint }, async (request) => {
    const company = requireApiCompany(request);
    const row = await endpoint(company.id, request.params.id);
    if (request.body.url !== undefined) checkUrl(request.body.url);
    const updated = await repository.endpoints.update(
      row.id,
      {
        ...(request.body.url !== undefined ? { url: request.body.url } : {}),
        ...(request.body.event_types ? { event_types: [...new Set(request.body.event_types)] } : {}),
        ...(request.body.enabled !== undefined ? { enabled: request.body.enabled } : {}),
      },
      app.now(),
    );
    return serializeEndpoint(updated);
  });

  app.delete('/integration/webhooks/:id', { config: write, schema: schemas.deleteWebhookEndpoint }, async (request, reply) => {
    const row = await endpoint(requireApiCompany(request).id, request.params.id);
    await repository.endpoints.remove(row.id);
    return reply.status(204).send(null);
  });

  app.get(
    '/integration/webhooks/:id/deliveries',
    {
      config: read,
      schema: schemas.listWebhookDeliveries,
      preValidation: schemas.deliveriesQuery.preValidation,
    },
    async (request) => {
      const row = await endpoint(requireApiCompany(request).id, request.params.id);
      const { filters, page } = schemas.deliveriesQuery.from(request);
      const found = await repository.deliveries.list(row.id, filters.updated_since?.[0], page);
      return paginate(serializeDeliveries(found), found.total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.post('/integration/webhooks/:id/deliveries/:deliveryId/redeliver', { config: write, schema: schemas.redeliverWebhook }, async (request) => {
    const row = await endpoint(requireApiCompany(request).id, request.params.id);
    if (!(await repository.deliveries.redeliver(row.id, request.params.deliveryId, app.now()))) throw notFound();
    app.webhooks.wake();
    return serializeDeliveries(await repository.deliveries.one(row.id, request.params.deliveryId))[0]!;
  });
}
