import { AuditActorKindSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditRepository, serializeAuditEntry } from '../../core/audit';
import { requireApiCompany } from '../../core/access/request';
import { invalid } from '../../lib/http-errors';
import { pageUrls, paginate } from '../../lib/pagination';
import * as schemas from './audit.company-schemas';

/**
 * Reading the audit log (docs/decisions/049-audit-log.md): who did what on the company side, newest first. Owners in
 * the console, and keys trusted with the company's keys (`api_keys:read`): the log is the record of what keys and
 * members did.
 */
export async function auditCompanyRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = auditRepository(app.database.db);

  app.get(
    '/integration/audit-log',
    {
      config: { apiKey: true, scope: 'api_keys:read' },
      schema: schemas.listAuditLog,
      preValidation: schemas.auditListQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.auditListQuery.from(request);
      const kinds = filters.actor_kind;
      if (kinds?.some((kind) => !AuditActorKindSchema.safeParse(kind).success)) {
        throw invalid({ 'filter[actor_kind]': ['The filter[actor_kind] must be api_key, staff, operator or portal_user.'] }, 400);
      }
      const { rows, total } = await repository.list(company.id, { filters, page, ascending: sort[0]?.direction === 'asc' });
      return paginate(rows.map(serializeAuditEntry), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.get('/integration/audit-log/actors', { config: { apiKey: true, scope: 'api_keys:read' }, schema: schemas.listAuditActors }, async (request) => ({
    data: await repository.actors(requireApiCompany(request).id),
  }));
}
