import { ApiErrorSchema, InboxItemParamsSchema, InboxPageSchema, InboxUnreadSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../core/access/request';
import { invalid, notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { inboxRepository } from './inbox.repository';

/**
 * The staff console's inbox (docs/decisions/050-inbox.md): a console route, not the company API, since read marks
 * belong to a member of staff and a key is no one. Marking read is left out of the audit log: it changes nothing of the
 * company's records, only what this member has seen.
 */

export const inboxListQuery = defineListQuery({
  filters: { read: { kind: 'string', description: 'false: unread items only' } },
});

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };
const NoContent = z.null().describe('No content');

export async function inboxRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const inbox = inboxRepository(app.database.db);

  app.get(
    '/staff/inbox',
    {
      config: { staff: true },
      schema: {
        tags: ['staff'],
        operationId: 'listInbox',
        summary: "What customers did across the company's projects, newest first",
        description:
          "Notes customers wrote, documents they uploaded, contact messages, proposals they accepted or declined, change orders they approved or declined and options they chose of selections (the id is the choice's), each with its project, the customer, an excerpt, " +
          'when, and whether this member has read it. filter[read]=false for unread items only.',
        querystring: inboxListQuery.querystring,
        response: { 200: InboxPageSchema, ...errors },
      },
      preValidation: inboxListQuery.preValidation,
    },
    async (request) => {
      const member = requireStaff(request);
      const { filters, page } = inboxListQuery.from(request);
      const [read, ...rest] = filters.read ?? [];
      if (rest.length > 0 || (read !== undefined && read !== 'false')) throw invalid({ 'filter[read]': ['The filter[read] may only be false.'] }, 400);
      const { rows, total, unread } = await inbox.list(member.company.id, member.id, { page, unreadOnly: read === 'false' });
      return { ...paginate(rows, total, page, pageUrls(options.publicUrl, request.url)), unread };
    },
  );

  app.get(
    '/staff/inbox/unread',
    {
      config: { staff: true },
      schema: {
        tags: ['staff'],
        operationId: 'countUnreadInbox',
        summary: 'How many inbox items this member has not read',
        response: { 200: InboxUnreadSchema, ...errors },
      },
    },
    async (request) => {
      const member = requireStaff(request);
      return { unread: await inbox.unread(member.company.id, member.id) };
    },
  );

  app.post(
    '/staff/inbox/:kind/:id/read',
    {
      config: { staff: true, audit: false },
      schema: {
        tags: ['staff'],
        operationId: 'markInboxItemRead',
        summary: 'Mark one inbox item read',
        description: "Another company's item, or one that is gone: 404.",
        params: InboxItemParamsSchema,
        response: { 204: NoContent, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const member = requireStaff(request);
      if (!(await inbox.markRead(member.company.id, member.id, request.params, app.now()))) throw notFound();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/staff/inbox/read-all',
    {
      config: { staff: true, audit: false },
      schema: { tags: ['staff'], operationId: 'markInboxRead', summary: 'Mark everything in the inbox read', response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await inbox.markAllRead(requireStaff(request).id, app.now());
      return reply.status(204).send(null);
    },
  );
}
