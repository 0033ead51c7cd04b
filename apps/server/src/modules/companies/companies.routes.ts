import { ApiErrorSchema, COMPANY_INCLUDES, CompanySchema, IdSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { requireUser } from '../../core/access/request';
import { companiesRepository } from './companies.repository';
import { scopeTag } from '../../core/cache/tables';
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
      onRequest: app.responses.serve,
      preValidation: companyQuery.preValidation,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = app.responses.begin(request);
      const { includes } = companyQuery.from(request);
      const found = await repository.findForUser(user.id, request.params.id);
      if (!found) throw notFound();
      // Whether the user may see the company depends on their entities; what it shows, on the company's rows.
      const scopes = [scopeTag('user', user.id), scopeTag('company', found.company.id)];
      return answer.send(reply, serializeCompany(found.company, options.publicUrl, includes.has('portal_theme') ? found.theme : undefined), scopes);
    },
  );
}
