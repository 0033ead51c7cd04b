import {
  ApiErrorSchema,
  CompanySchema,
  IdSchema,
  IntegrationNoteCreateSchema,
  IntegrationNoteSchema,
  IntegrationSwitchesSchema,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companies, portalEntities, portalUsers, projects, staff } from '../../db/schema';
import { invalid, notFound, unauthenticated } from '../../lib/http-errors';
import { bearerToken } from '../../plugins/auth';
import { serializeCompany } from '../companies/companies.serializers';
import { companyNoteEmail } from '../notes/notes-email';
import { notesRepository } from '../notes/notes.repository';
import { serializeIntegrationNote } from '../notes/notes.serializers';
import { apiKeysRepository, type CompanyRow } from './api-keys.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The company whose API key called an integration route. */
    integration: { keyId: number; company: CompanyRow } | null;
  }
}

export interface IntegrationRoutesOptions {
  publicUrl: string;
}

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

const requireCompany = (request: FastifyRequest) => {
  if (!request.integration) throw unauthenticated();
  return request.integration.company;
};

/**
 * The company side's integration API (decision 021): what a company's CRM calls with an API key.
 * Every route here declares `config: { apiKey: true }`, which the portal's session check skips
 * and this scope's own check requires; a portal session token is refused here, an API key there.
 */
export async function integrationRoutes(fastify: FastifyInstance, options: IntegrationRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keys = apiKeysRepository(app.database.db);
  const notes = notesRepository(app.database.db);
  const { db } = app.database;

  app.decorateRequest('integration', null);
  app.addHook('onRequest', async (request) => {
    // A route of this scope that forgot to declare itself must not fall through unauthenticated.
    if (!request.routeOptions.config.apiKey) throw unauthenticated();
    const token = bearerToken(request);
    const found = token ? await keys.authenticate(token, app.now()) : null;
    if (!found) {
      request.log.info({ event: 'integration.rejected', reason: token ? 'invalid-key' : 'no-key' }, 'integration call without a valid API key');
      throw unauthenticated();
    }
    request.integration = found;
  });

  /**
   * Everyone the project is shared with hears of a new shared note (docs/product.md 14), each in a
   * message of their own that links to their own thread; the mail goes out in the background.
   */
  async function tellCustomers(
    request: FastifyRequest,
    company: CompanyRow,
    project: { id: number; number: string | null; name: string | null; address_street: string | null },
    authorName: string,
    body: string,
  ) {
    const recipients = await db
      .select({ entityId: portalEntities.id, email: portalUsers.email })
      .from(portalEntities)
      .innerJoin(portalUsers, eq(portalUsers.id, portalEntities.portal_user_id))
      .where(and(eq(portalEntities.company_id, company.id), eq(portalEntities.model_type, 'project'), eq(portalEntities.model_id, project.id)));
    for (const recipient of recipients) {
      app.mailer.sendInBackground(
        companyNoteEmail({
          to: recipient.email,
          company,
          project,
          authorName,
          body,
          threadUrl: `${options.publicUrl}/notes?entity=${recipient.entityId}`,
        }),
        request.log,
      );
    }
  }

  app.post(
    '/integration/projects/:id/notes',
    {
      config: { apiKey: true },
      schema: {
        tags: ['integration'],
        summary: 'Add a note to a project (company side)',
        description:
          "Authorization: Bearer <API key>. The project must be the key's company's (404 otherwise); the author, when named, " +
          'one of its staff (422 otherwise). `shared_with_portal: false` makes an internal note that no portal user ever reads. ' +
          'Notes can be added while the portal has notes switched off; they show once it is switched on. ' +
          'A shared note is emailed to every portal user the project is shared with, while notes are switched on.',
        params: z.object({ id: IdSchema }),
        body: IntegrationNoteCreateSchema,
        response: { 201: IntegrationNoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      const [project] = await db
        .select({ id: projects.id, number: projects.number, name: projects.name, address_street: projects.address_street })
        .from(projects)
        .where(and(eq(projects.id, request.params.id), eq(projects.company_id, company.id)));
      if (!project) throw notFound();
      const authorId = request.body.author_staff_id ?? null;
      let authorName = company.name;
      if (authorId !== null) {
        const [member] = await db
          .select({ id: staff.id, name: staff.name })
          .from(staff)
          .where(and(eq(staff.id, authorId), eq(staff.company_id, company.id)));
        if (!member) throw invalid({ author_staff_id: ['The author must be a staff member of the company.'] });
        authorName = member.name;
      }
      const { note } = await notes.create({
        projectId: project.id,
        body: request.body.body,
        authorStaffId: authorId,
        sharedWithPortal: request.body.shared_with_portal,
      });
      if (note.note.shared_with_portal && company.is_portal_project_notes_enabled) {
        // The note is written: a failure to find its readers is logged, never a 500 that a CRM would retry (a second note).
        await tellCustomers(request, company, project, authorName, note.note.body).catch((error: unknown) =>
          request.log.error({ event: 'notes.customer-mail-failed', noteId: note.note.id, err: error }, 'customers were not told of a new note'),
        );
      }
      return reply
        .status(201)
        .send(serializeIntegrationNote(note, { company, publicUrl: options.publicUrl, links: app.fileLinks }));
    },
  );

  app.patch(
    '/integration/company',
    {
      config: { apiKey: true },
      schema: {
        tags: ['integration'],
        summary: "Turn the company's portal areas on or off",
        description: 'Any of the company portal switches (is_portal_…_enabled); the others stay as they are. Answers the company.',
        body: IntegrationSwitchesSchema,
        response: { 200: CompanySchema, ...errors },
      },
    },
    async (request) => {
      const company = requireCompany(request);
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => typeof value === 'boolean'));
      const [row] =
        Object.keys(changes).length > 0
          ? await db
              .update(companies)
              .set({ ...changes, updated_at: app.now() })
              .where(eq(companies.id, company.id))
              .returning()
          : await db.select().from(companies).where(eq(companies.id, company.id));
      return serializeCompany(row!, options.publicUrl);
    },
  );
}
