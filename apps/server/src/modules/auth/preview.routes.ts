import { ApiErrorSchema, PREVIEW_MESSAGES, PreviewCreateSchema, PreviewSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../core/access/request';
import { invalid, notFound } from '../../lib/http-errors';
import { apiTimestamp } from '../../lib/timestamps';
import { customersRepository } from './customers.repository';

/**
 * "Preview as customer" (docs/staff-console.md, docs/decisions/051-preview-as-customer.md): a staff member opens the
 * portal as one of the company's customers sees one project. The answer is a portal session of that customer, marked
 * as the member's preview: the auth plugin refuses every write on it, it ends within PREVIEW_TTL_MINUTES, and it is
 * neither the customer's sign-in nor one of their devices.
 */
export async function previewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const customers = customersRepository(app.database.db);

  app.post(
    '/staff/previews',
    {
      config: { staff: true },
      schema: {
        tags: ['staff'],
        operationId: 'previewAsCustomer',
        summary: 'Open the portal as a customer sees a project, read-only',
        description:
          'Answers a portal session token of the customer, for this staff member and read-only: every write on it answers 403. ' +
          "It lasts an hour at most and ends with `POST /api/auth/logout`. A project or customer that is not the company's answers 404; " +
          'a project not shared with the customer, 422 naming `portal_user_id`.',
        body: PreviewCreateSchema,
        response: { 201: PreviewSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const member = requireStaff(request);
      const { project_id: projectId, portal_user_id: userId } = request.body;
      const [project, customer] = await Promise.all([customers.project(member.company.id, projectId), customers.find(member.company.id, userId)]);
      if (!project || !customer) throw notFound();
      const share = (await customers.shares(member.company.id, projectId)).find((row) => row.user.id === userId);
      if (!share || customer.link.deactivated_at) throw invalid({ portal_user_id: [PREVIEW_MESSAGES.notShared] });

      const now = app.now();
      const session = await app.sessions.createPreview(userId, member.id, { userAgent: request.headers['user-agent'], ip: request.ip, now });
      request.log.info(
        { event: 'staff.preview_started', staffId: member.id, companyId: member.company.id, projectId, userId, sessionId: session.sessionId },
        'staff preview started',
      );
      const { user, link } = customer;
      return reply.status(201).send({
        token: session.token,
        expires_at: apiTimestamp(session.expiresAt),
        project_id: projectId,
        entity_id: share.entity.id,
        // The company's names for the customer, as everywhere on its side (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
        portal_user: { id: user.id, email: user.email, first_name: link.first_name, last_name: link.last_name },
      });
    },
  );
}
