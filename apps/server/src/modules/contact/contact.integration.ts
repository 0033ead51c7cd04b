import {
  ApiErrorSchema,
  CONTACT_MESSAGE_DEFAULT_SORT,
  CONTACT_MESSAGE_SORTS,
  IdSchema,
  IntegrationContactMessagePageSchema,
  IntegrationContactMessageSchema,
  type IntegrationContactMessage,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireApiCompany } from '../../core/access/request';
import { invalid, notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { contactRepository } from './contact.repository';

/**
 * The company side's contact messages (docs/requirements.md 11.7 and 18): a CRM reads what customers sent through the
 * contact page and marks each handled, recording when and with which key
 * (docs/decisions/046-company-invoices-and-contact-messages.md).
 */

export const integrationMessagesListQuery = defineListQuery({
  filters: {
    handled: { kind: 'string', description: 'true: handled messages only; false: those still to handle' },
    project_id: { kind: 'integer', description: "The company's projects; a comma means any of: 12,13" },
    updated_since: { kind: 'timestamp' },
  },
  sorts: CONTACT_MESSAGE_SORTS,
  defaultSort: CONTACT_MESSAGE_DEFAULT_SORT,
});

const idParams = z.object({ id: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

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

export async function contactIntegrationRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
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
      schema: {
        operationId: 'listContactMessages',
        tags: ['Contact messages'],
        summary: 'List the messages customers sent through the contact page',
        description:
          'Newest first unless sort says otherwise (sort takes ' +
          `${CONTACT_MESSAGE_SORTS.join(', ')}, - for descending). filter[handled]=true or false, filter[project_id] (comma = any of), ` +
          'filter[updated_since] (an ISO 8601 moment with its offset: messages sent or marked at or after it, for a sync).',
        querystring: integrationMessagesListQuery.querystring,
        response: { 200: IntegrationContactMessagePageSchema, ...errors },
      },
      preValidation: integrationMessagesListQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = integrationMessagesListQuery.from(request);
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

  app.get(
    '/integration/contact-messages/:id',
    {
      config: { apiKey: true, scope: 'messages:read' },
      schema: {
        operationId: 'getContactMessage',
        tags: ['Contact messages'],
        summary: 'Read a contact message',
        description: "Another company's message: 404.",
        params: idParams,
        response: { 200: IntegrationContactMessageSchema, ...errors },
      },
    },
    async (request) => read(requireApiCompany(request).id, request.params.id),
  );

  app.post(
    '/integration/contact-messages/:id/handled',
    {
      config: { apiKey: true, scope: 'messages:write' },
      schema: {
        operationId: 'markContactMessageHandled',
        tags: ['Contact messages'],
        summary: 'Mark a contact message handled',
        description: 'Records when, and with which API key. A message already handled keeps when and by which key it was first handled.',
        params: idParams,
        response: { 200: IntegrationContactMessageSchema, ...errors },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      if (!(await repository.setHandled(company.id, request.params.id, { keyId: request.integration!.keyId }, app.now()))) throw notFound();
      return read(company.id, request.params.id);
    },
  );

  app.post(
    '/integration/contact-messages/:id/unhandled',
    {
      config: { apiKey: true, scope: 'messages:write' },
      schema: {
        operationId: 'markContactMessageUnhandled',
        tags: ['Contact messages'],
        summary: 'Mark a contact message as still to handle',
        description: 'Clears when and by which key it was handled.',
        params: idParams,
        response: { 200: IntegrationContactMessageSchema, ...errors },
      },
    },
    async (request) => {
      const company = requireApiCompany(request);
      if (!(await repository.setHandled(company.id, request.params.id, null, app.now()))) throw notFound();
      return read(company.id, request.params.id);
    },
  );
}
