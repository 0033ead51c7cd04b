import type { IntegrationContactMessage } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import { invalid, notFound } from '../../lib/http-errors';
import { pageUrls, paginate } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { contactRepository } from './contact.repository';
import * as schemas from './contact.company-schemas';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof contactRepository>['companyFind']>>>;

function serializeMessage({ message, portalUser, known }: Found): IntegrationContactMessage {
  return {
    id: message.id,
    project_id: message.project_id,
    portal_user: portalUser && { ...portalUser, first_name: known?.first_name ?? null, last_name: known?.last_name ?? null },
    subject: message.subject,
    message: message.message,
    sent_to: message.sent_to,
    handled: message.handled_at !== null,
    handled_at: message.handled_at ? apiTimestamp(message.handled_at) : null,
    handled_by_api_key_id: message.handled_by_api_key_id,
    created_at: apiTimestamp(message.created_at),
    updated_at: apiTimestamp(message.updated_at),
  };
}

/**
 * The company side's contact messages (docs/requirements.md 11.7 and 18): a CRM reads what customers sent through the
 * contact page and marks each handled, recording when and with which key
 * (docs/decisions/046-company-invoices-and-contact-messages.md).
 */
export async function contactCompanyRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = contactRepository(app.database.db);

  async function read(companyId: number, messageId: number) {
    const found = await repository.companyFind(companyId, messageId);
    if (!found) throw notFound();
    return serializeMessage(found);
  }

  app.get(
    '/integration/contact-messages',
    {
      config: { apiKey: true, scope: 'messages:read' },
      schema: schemas.listContactMessages,
      preValidation: schemas.integrationMessagesListQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.integrationMessagesListQuery.from(request);
      let handled: boolean | undefined;
      if (filters.handled) {
        const [value, ...rest] = filters.handled;
        if (rest.length > 0 || (value !== 'true' && value !== 'false'))
          throw invalid({ 'filter[handled]': ['The filter[handled] must be true or false.'] }, 400);
        handled = value === 'true';
      }
      const { rows, total } = await repository.companyList(company.id, {
        filters: { project_id: filters.project_id, updated_since: filters.updated_since, handled },
        sort,
        page,
      });
      return paginate(rows.map(serializeMessage), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.get('/integration/contact-messages/:id', { config: { apiKey: true, scope: 'messages:read' }, schema: schemas.getContactMessage }, async (request) =>
    read(requireApiCompany(request).id, request.params.id),
  );

  app.post(
    '/integration/contact-messages/:id/handled',
    { config: { apiKey: true, scope: 'messages:write' }, schema: schemas.markContactMessageHandled },
    async (request) => {
      const company = requireApiCompany(request);
      if (!(await repository.setHandled(company.id, request.params.id, { keyId: request.integration!.keyId }, app.now()))) throw notFound();
      return read(company.id, request.params.id);
    },
  );

  app.post(
    '/integration/contact-messages/:id/unhandled',
    { config: { apiKey: true, scope: 'messages:write' }, schema: schemas.markContactMessageUnhandled },
    async (request) => {
      const company = requireApiCompany(request);
      if (!(await repository.setHandled(company.id, request.params.id, null, app.now()))) throw notFound();
      return read(company.id, request.params.id);
    },
  );
}
