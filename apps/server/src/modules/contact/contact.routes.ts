import {
  ApiErrorSchema,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGES_PER_HOUR,
  ContactCompanyListSchema,
  ContactInfoSchema,
  ContactMessageCreateSchema,
  ContactMessageSentSchema,
  IdSchema,
  type ContactCompany,
  type ContactInfo,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound, tooManyAttempts } from '../../lib/http-errors';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import { mayView, requireUser } from '../../core/access/request';
import { absoluteUrl } from '../../core/companies';
import { requireEntity, requireProject } from '../../core/access/projects';
import { portalUserName } from '../../lib/names';
import { knownCustomer } from '../../core/customer-names';
import { consolePath, consoleUrl, officeRecipient } from '../../core/mail/office';
import { contactEmail } from './contact-email';
import { contactRepository } from './contact.repository';
import { projectReadsRepository } from '../../core/projects';
import type { CompanyRow, StaffRow } from '../../db/rows';

export interface ContactRoutesOptions {
  publicUrl: string;
}

const HOUR_MS = 3_600_000;
/** What the sender reads, whether the message went out or a bot was quietly ignored. */
const SENT = 'Thank you. Your message has been sent.';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

export async function contactRoutes(fastify: FastifyInstance, options: ContactRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = contactRepository(app.database.db);
  const projectsOf = projectReadsRepository(app.database.db);
  const { publicUrl } = options;

  const companyOf = (company: CompanyRow): ContactCompany => ({
    id: company.id,
    name: company.name,
    logo_url: absoluteUrl(publicUrl, company.logo_url),
    phone_default: company.phone_default,
    url: company.url,
    address_street: company.address_street,
    address_city: company.address_city,
    address_state: company.address_state,
    address_zip: company.address_zip,
  });

  const repOf = (rep: StaffRow | null, company: CompanyRow): ContactInfo['rep_primary'] =>
    rep
      ? {
          id: rep.id,
          name: rep.name,
          title: rep.title,
          phone: rep.phone,
          email: rep.email,
          // The same switch as the notes' pictures: the company decides whether its people's faces show.
          avatar_url: company.is_portal_user_profile_pics_enabled ? absoluteUrl(publicUrl, rep.avatar_url) : null,
        }
      : null;

  app.get(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        operationId: 'getContactInfo',
        summary: 'How to reach the company behind a project',
        description:
          "The company's name, logo, phone, web site and address, and the project's primary rep. Contact has no switch: " +
          'it is there for every project shared with the caller, and 404 for any other.',
        querystring: z.strictObject({ entity: IdSchema }),
        response: { 200: ContactInfoSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { entity, company } = await requireProject(app, user, request.query.entity, null);
      const found = await projectsOf.projectWithRep(entity.model_id, company.id);
      if (!found) throw notFound();
      const { project, rep } = found;
      return {
        entity_id: entity.id,
        project: { id: project.id, number: project.number, name: project.name, address_street: project.address_street },
        company: companyOf(company),
        rep_primary: repOf(rep, company),
      };
    },
  );

  app.get(
    '/contact/companies',
    {
      schema: {
        tags: ['contact'],
        operationId: 'listContactCompanies',
        summary: "The companies of the caller's projects",
        description: 'For a contact page opened without a project: each company with the projects it shares with the caller.',
        response: { 200: ContactCompanyListSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = (await repository.companiesOfUser(user.id)).filter((row) => mayView(user, row.company.id));
      const byCompany = new Map<number, { company: ContactCompany; entities: { id: number; label: string }[] }>();
      for (const row of rows) {
        let item = byCompany.get(row.company.id);
        if (!item) {
          item = { company: companyOf(row.company), entities: [] };
          byCompany.set(row.company.id, item);
        }
        // The picker label of docs/requirements.md 4.3: the type, a colon, the project's name or else its street.
        const name = row.projectName?.trim() || row.projectStreet?.trim() || '';
        item.entities.push({ id: row.entityId, label: name ? `Project: ${name}` : 'Project' });
      }
      return { data: [...byCompany.values()] };
    },
  );

  app.post(
    '/contact/messages',
    {
      schema: {
        tags: ['contact'],
        operationId: 'sendContactMessage',
        summary: 'Send the company a message',
        description:
          "About a project (`entity`) or to one of the companies of the caller's projects (`company_id`). Stored, then emailed " +
          "to the project's primary rep, else the company's contact address, with Reply-To set to the caller. Answers 201 once stored. The subject must be one " +
          `line (no CR or LF). At most ${CONTACT_MESSAGES_PER_HOUR} messages an hour per user (then 429 with Retry-After). ` +
          `\`${CONTACT_HONEYPOT_FIELD}\` is a honeypot: people leave it empty; filled in, the answer is the same and nothing is sent.`,
        body: ContactMessageCreateSchema,
        response: { 201: ContactMessageSentSchema, ...errors, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;

      let company: CompanyRow;
      let project: { id: number; number: string | null; name: string | null; address_street: string | null } | null = null;
      let rep: StaffRow | null = null;
      if (body.entity !== undefined) {
        const found = await requireEntity(app, user, body.entity);
        if (body.company_id !== undefined && body.company_id !== found.company.id) throw notFound();
        company = found.company;
        if (found.entity.model_type === 'project') {
          const withRep = await projectsOf.projectWithRep(found.entity.model_id, company.id);
          project = withRep ? withRep.project : null;
          rep = withRep?.rep ?? null;
        }
      } else if (body.company_id !== undefined) {
        const mine = await repository.companiesOfUser(user.id);
        const match = mine.find((row) => row.company.id === body.company_id);
        if (!match) throw notFound();
        company = match.company;
      } else {
        throw invalid({ entity: ['Say which project (entity) or company (company_id) the message is for.'] });
      }

      const limit = await app.rateLimiter.hit(`contact:user:${user.id}`, { limit: CONTACT_MESSAGES_PER_HOUR, windowMs: HOUR_MS });
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);

      if (body[CONTACT_HONEYPOT_FIELD]?.trim()) {
        request.log.info({ event: 'contact.honeypot', userId: user.id }, 'contact message with the honeypot filled in: not stored, not sent');
        return reply.status(201).send({ message: SENT });
      }

      // About a project, its primary rep hears of it; else the company's contact address (docs/decisions/114-every-customer-action-reaches-the-office.md).
      const recipient = officeRecipient(company, rep);
      const sentTo = recipient?.to ?? null;
      const companyId = company.id;
      // The company reads of its customer by its own names for them (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
      const known = await knownCustomer(app.database.db, companyId, user);
      const messageId = await repository.saveMessage(
        { company_id: companyId, portal_user_id: user.id, project_id: project?.id ?? null, subject: body.subject, message: body.message, sent_to: sentTo },
        (tx, id) =>
          emitWebhookEvent(tx, {
            companyId,
            type: 'contact_message.created',
            at: app.now(),
            data: {
              contact_message: { id, project_id: project?.id ?? null, subject: body.subject, message: body.message },
              from: { type: 'portal_user', ...known },
            },
          }),
      );
      app.webhooks.wake();
      if (recipient) {
        app.mailer.sendInBackground(
          contactEmail({
            recipient,
            consoleUrl: consoleUrl(publicUrl, consolePath.message(messageId)),
            from: { name: portalUserName(known), email: user.email },
            company,
            project,
            subject: body.subject,
            message: body.message,
          }),
          request.log,
        );
      } else {
        request.log.warn({ event: 'contact.no-address', companyId: company.id }, 'no primary rep and no contact email: the message is in the inbox only');
      }
      return reply.status(201).send({ message: SENT });
    },
  );
}
