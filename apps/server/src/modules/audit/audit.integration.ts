import { ApiErrorSchema, AuditActorKindSchema, AuditActorListSchema, AuditEntryPageSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditRepository, serializeAuditEntry } from '../../core/audit';
import { requireApiCompany } from '../../core/access/request';
import { invalid } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';

/**
 * Reading the audit log (docs/decisions/049-audit-log.md): who did what on the company side, newest first. Owners in
 * the console, and keys trusted with the company's keys (`api_keys:read`): the log is the record of what keys and
 * members did.
 */

export const auditListQuery = defineListQuery({
  filters: {
    actor_kind: { kind: 'string', description: 'api_key, staff or operator; a comma means any of' },
    actor_id: { kind: 'integer', description: 'The key or staff member (with filter[actor_kind]); a comma means any of' },
    action: { kind: 'string', description: "The route's operationId, e.g. createNote; a comma means any of" },
    updated_since: { kind: 'timestamp', description: 'Entries written at or after this moment (entries never change)' },
  },
  sorts: ['id'],
  defaultSort: '-id',
});

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

export async function auditIntegrationRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = auditRepository(app.database.db);

  app.get(
    '/integration/audit-log',
    {
      config: { apiKey: true, scope: 'api_keys:read' },
      schema: {
        operationId: 'listAuditLog',
        tags: ['Audit log'],
        summary: 'List who did what on the company side',
        description:
          'Every successful write of an API key, a staff member or the operator, newest first (sort=id for oldest first): ' +
          "the actor (kind, id and the label it had then), the action (the route's operationId) and its summary, the method and " +
          'route pattern, the record it named, the status, the request id and the IP. Never a body or a query string. ' +
          'filter[actor_kind], filter[actor_id], filter[action] (comma = any of), filter[updated_since].',
        querystring: auditListQuery.querystring,
        response: { 200: AuditEntryPageSchema, ...errors },
      },
      preValidation: auditListQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = auditListQuery.from(request);
      const kinds = filters.actor_kind;
      if (kinds?.some((kind) => !AuditActorKindSchema.safeParse(kind).success)) {
        throw invalid({ 'filter[actor_kind]': ['The filter[actor_kind] must be api_key, staff or operator.'] }, 400);
      }
      const { rows, total } = await repository.list(company.id, { filters, page, ascending: sort[0]?.direction === 'asc' });
      return paginate(rows.map(serializeAuditEntry), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.get(
    '/integration/audit-log/actors',
    {
      config: { apiKey: true, scope: 'api_keys:read' },
      schema: {
        operationId: 'listAuditActors',
        tags: ['Audit log'],
        summary: 'List everyone who appears in the audit log',
        description: 'Each key, staff member or the operator once, with the label of their latest entry: what to filter the log by.',
        response: {
          200: AuditActorListSchema,
          ...errors,
        },
      },
    },
    async (request) => ({ data: await repository.actors(requireApiCompany(request).id) }),
  );
}
