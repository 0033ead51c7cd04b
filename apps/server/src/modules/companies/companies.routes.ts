import { ApiErrorSchema, COMPANY_INCLUDES, CompanySchema, IdSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { mayView, requireUser } from '../../core/access/request';
import { trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { companiesRepository } from './companies.repository';
import { serializeCompany } from '../../core/companies';

export const companyQuery = defineListQuery({ includes: COMPANY_INCLUDES, paginate: false });

export interface CompaniesRoutesOptions {
  /** Absolute URLs (logos) are built on it. */
  publicUrl: string;
}

export async function companiesRoutes(fastify: FastifyInstance, options: CompaniesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = companiesRepository(app.database.db);

  app.get(
    '/companies/:id',
    {
      schema: {
        tags: ['companies'],
        operationId: 'getPortalCompany',
        summary: 'A company the caller has a project with',
        description:
          'Every field and switch of the company. Only a company the signed-in user has at least one portal entity with; ' +
          'any other id answers 404, exactly as an id that does not exist.',
        params: z.object({ id: IdSchema }),
        querystring: companyQuery.querystring,
        response: { 200: CompanySchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
      // Built field by field by a typed serializer: no second zod pass (docs/decisions/016-trusted-serializers-on-hot-reads.md).
      serializerCompiler: trustedSerializerCompiler,
      preValidation: companyQuery.preValidation,
    },
    async (request) => {
      const user = requireUser(request);
      const { includes } = companyQuery.from(request);
      const found = mayView(user, request.params.id) ? await repository.findForUser(user.id, request.params.id) : null;
      if (!found) throw notFound();
      return serializeCompany(found.company, options.publicUrl, includes.has('portal_theme') ? found.theme : undefined);
    },
  );
}
