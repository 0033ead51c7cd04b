import {
  ApiErrorSchema,
  DOCUMENT_DEFAULT_PAGE_SIZE,
  DOCUMENT_DEFAULT_SORT,
  DOCUMENT_SORTS,
  DocumentPageSchema,
  DocumentSchema,
  FILE_KINDS,
  IdSchema,
  MAX_DOCUMENT_BYTES,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import { consolePath, consoleUrl, officeRecipient } from '../../core/mail/office';
import { projectReadsRepository } from '../../core/projects';
import { portalUserName } from '../../lib/names';
import { knownCustomer } from '../../core/customer-names';
import { requireProject } from '../../core/access/projects';
import { requireUser } from '../../core/access/request';
import { deleteFiles } from '../../core/files/store';
import { receiveUpload } from '../../core/files/uploads';
import { documentUploadedEmail } from './documents-email';
import { documentsRepository } from './documents.repository';
import { serializeDocument } from './documents.serializers';
import { linksOf } from '../../core/files/links';

export const documentsListQuery = defineListQuery({
  filters: { name: { kind: 'string', description: 'Part of the name, any case; a comma means any of' } },
  sorts: DOCUMENT_SORTS,
  defaultSort: DOCUMENT_DEFAULT_SORT,
  paginate: { defaultSize: DOCUMENT_DEFAULT_PAGE_SIZE },
});

const entityParams = z.object({ entity: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const GUARD_NOTE =
  "404, as for an id that does not exist, when the entity is not the caller's or the company has switched documents off (is_portal_file_sharing_enabled).";

export interface DocumentsRoutesOptions {
  publicUrl: string;
}

export async function documentsRoutes(fastify: FastifyInstance, options: DocumentsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = documentsRepository(app.database.db);
  const projectsOf = projectReadsRepository(app.database.db);

  app.get(
    '/entities/:entity/documents',
    {
      schema: {
        tags: ['documents'],
        operationId: 'listPortalDocuments',
        summary: "The project's documents",
        description:
          'A page of the documents shared with the portal (10 a page unless page[size] says otherwise). filter[name] searches the name; ' +
          'sort takes name, created_at, size or type (- for descending; default -created_at). Each carries signed URLs to preview and download. ' +
          GUARD_NOTE,
        params: entityParams,
        querystring: documentsListQuery.querystring,
        response: { 200: DocumentPageSchema, ...errors },
      },
      preValidation: documentsListQuery.preValidation,
    },
    async (request) => {
      const { filters, sort, page } = documentsListQuery.from(request);
      const user = requireUser(request);
      const { scope } = await requireProject(app, user, request.params.entity, 'documents');
      const { rows, total } = await repository.list(scope, { search: filters.name, sort, page });
      return paginate(
        rows.map((row) => serializeDocument(linksOf(app, request), row, user.id)),
        total,
        page,
        pageUrls(options.publicUrl, request.url),
      );
    },
  );

  app.get(
    '/entities/:entity/documents/:document',
    {
      schema: {
        tags: ['documents'],
        operationId: 'getPortalDocument',
        summary: 'One document',
        description: `A shared document of the project with its signed URLs. ${GUARD_NOTE}`,
        params: entityParams.extend({ document: IdSchema }),
        response: { 200: DocumentSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { scope } = await requireProject(app, user, request.params.entity, 'documents');
      const found = await repository.find(scope, request.params.document);
      if (!found) throw notFound();
      return serializeDocument(linksOf(app, request), found, user.id);
    },
  );

  app.post(
    '/entities/:entity/documents',
    {
      config: { upload: { maxBytes: MAX_DOCUMENT_BYTES, accept: FILE_KINDS } },
      schema: {
        tags: ['documents'],
        operationId: 'uploadPortalDocument',
        summary: 'Upload a document for the company',
        description:
          'multipart/form-data with one file in the field `file`: up to 25 MB of PDF, JPEG, PNG, WebP, GIF, Word (.docx, .doc), Excel (.xlsx, .xls) or plain text, ' +
          "checked by its bytes. The document is marked as the customer's and the project's primary rep (else the company's contact address) is told by email. " +
          '413 when too large; 422 when empty, of another type, or named with a path. ' +
          GUARD_NOTE,
        params: entityParams,
        response: { 201: DocumentSchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { company, scope } = await requireProject(app, user, request.params.entity, 'documents');
      const { files } = await receiveUpload(app, request, { companyId: scope.companyId, portalUserId: user.id });
      const file = files[0]!;
      // The company reads of its customer by its own names for them (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
      const known = await knownCustomer(app.database.db, scope.companyId, user);
      let created;
      try {
        const document = await repository.insert(
          { company_id: scope.companyId, project_id: scope.projectId, file_id: file.id, name: file.original_name },
          (tx, row) =>
            emitWebhookEvent(tx, {
              companyId: scope.companyId,
              type: 'document.uploaded',
              at: app.now(),
              data: {
                document: { id: row.id, project_id: scope.projectId, name: row.name, size: file.size, content_type: file.content_type },
                uploaded_by: { type: 'portal_user', ...known },
              },
            }),
        );
        created = await repository.find(scope, document.id);
      } catch (error) {
        await deleteFiles(app.database.db, app.blobs, files);
        throw error;
      }
      app.webhooks.wake();
      // The office hears of it: the primary rep, else the company's contact address (docs/decisions/114-every-customer-action-reaches-the-office.md).
      const found = await projectsOf.projectWithRep(scope.projectId, scope.companyId);
      const recipient = found ? officeRecipient(company, found.rep) : null;
      if (found && recipient) {
        app.mailer.sendInBackground(
          documentUploadedEmail({
            recipient,
            company,
            project: found.project,
            customer: { name: portalUserName(known), email: user.email },
            document: { name: file.original_name },
            consoleUrl: consoleUrl(options.publicUrl, consolePath.documents(scope.projectId)),
          }),
          request.log,
        );
      } else {
        request.log.warn(
          { event: 'documents.no-office-email', documentId: created!.document.id },
          'no primary rep and no contact email: the upload is in the inbox only',
        );
      }
      return reply.status(201).send(serializeDocument(linksOf(app, request), created!, user.id));
    },
  );
}
