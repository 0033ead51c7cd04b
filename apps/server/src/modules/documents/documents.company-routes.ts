import { FILE_KINDS, MAX_DOCUMENT_BYTES, type IntegrationDocument } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import { serializeFile } from '../../core/files/files.serializers';
import { deleteFiles } from '../../core/files/store';
import { receiveUpload } from '../../core/files/uploads';
import { projectReadsRepository } from '../../core/projects';
import { invalid, notFound } from '../../lib/http-errors';
import { paginate, pageUrls } from '../../lib/pagination';
import { apiTimestamp } from '../../lib/timestamps';
import { documentSharedNotice } from './documents-email';
import { documentsRepository, type DocumentWithFile } from './documents.repository';
import * as schemas from './documents.company-schemas';

/**
 * Documents on the integration API (docs/company-api.md, "Albums, photos and documents"): what the company uploads and
 * shares, and what customers uploaded. Sharing one tells the project's customers, once per document.
 */
export async function documentsCompanyRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const repository = documentsRepository(db);
  const projects = projectReadsRepository(db);
  const read = { apiKey: true, scope: 'documents:read' } as const;
  const write = { apiKey: true, scope: 'documents:write' } as const;

  const serialize = (row: DocumentWithFile): IntegrationDocument => {
    const { document, file } = row;
    const uploadedBy: IntegrationDocument['uploaded_by'] =
      file.uploaded_by_portal_user_id !== null
        ? {
            kind: 'customer',
            id: file.uploaded_by_portal_user_id,
            // The company's own names for its customer, never another company's (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
            name: row.known ? [row.known.first_name, row.known.last_name].filter(Boolean).join(' ') || null : null,
          }
        : file.uploaded_by_staff_id !== null
          ? { kind: 'staff', id: file.uploaded_by_staff_id, name: row.staff_name }
          : { kind: 'company', id: null, name: null };
    return {
      id: document.id,
      project_id: document.project_id,
      name: document.name,
      type: file.kind as IntegrationDocument['type'],
      size: file.size,
      is_shared: document.is_shared,
      uploaded_by: uploadedBy,
      created_at: apiTimestamp(document.created_at),
      updated_at: apiTimestamp(document.updated_at),
      file: serializeFile({ fileLinks: app.fileLinks.for({ kind: 'company', companyId: file.company_id }) }, file),
    };
  };
  const projectOf = async (companyId: number, id: number) => {
    const found = await projects.projectWithRep(id, companyId);
    if (!found) throw notFound();
    return found.project;
  };
  const documentOf = async (companyId: number, id: number) => {
    const found = await repository.companyFind(companyId, id);
    if (!found) throw notFound();
    return found;
  };

  app.get(
    '/integration/projects/:id/documents',
    {
      config: read,
      schema: schemas.listDocuments,
      preValidation: schemas.syncQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      await projectOf(company.id, request.params.id);
      const { filters, page } = schemas.syncQuery.from(request);
      const { rows, total } = await repository.companyList(company.id, request.params.id, { updatedSince: filters.updated_since?.[0], page });
      return paginate(rows.map(serialize), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.post(
    '/integration/projects/:id/documents',
    {
      config: { ...write, upload: { field: 'files', maxFiles: schemas.MAX_FILES, maxBytes: MAX_DOCUMENT_BYTES, accept: FILE_KINDS, fields: { shared: 5 } } },
      schema: schemas.uploadDocuments,
    },
    async (request, reply) => {
      const company = requireApiCompany(request);
      const project = await projectOf(company.id, request.params.id);
      // Uploaded in the console: the member is recorded as its uploader (`uploaded_by`), as a customer is for theirs.
      const upload = await receiveUpload(app, request, { companyId: company.id, staffId: request.integration?.staffId ?? null });
      const sharedField = upload.fields.shared;
      if (sharedField !== undefined && sharedField !== 'true' && sharedField !== 'false') {
        await deleteFiles(db, app.blobs, upload.files);
        throw invalid({ shared: ['The shared field must be true or false.'] });
      }
      const shared = sharedField === 'true';
      const now = app.now();
      let created;
      try {
        created = await repository.insertMany(
          upload.files.map((file) => ({
            company_id: company.id,
            project_id: project.id,
            file_id: file.id,
            name: file.original_name,
            is_shared: shared,
            created_at: now,
            updated_at: now,
          })),
        );
      } catch (error) {
        await deleteFiles(db, app.blobs, upload.files);
        throw error;
      }
      const rows = await Promise.all(created.map((document) => documentOf(company.id, document.id)));
      if (shared) for (const row of rows) await tellCustomers(request.log, company, project, row);
      return reply.status(201).send({ data: rows.map(serialize) });
    },
  );

  async function tellCustomers(
    log: Parameters<typeof app.notices.send>[0],
    company: ReturnType<typeof requireApiCompany>,
    project: Awaited<ReturnType<typeof projectOf>>,
    row: DocumentWithFile,
  ) {
    await app.notices.send(log, {
      kind: 'document',
      recordId: row.document.id,
      companyId: company.id,
      projectId: project.id,
      build: (recipient) =>
        documentSharedNotice({
          company,
          project,
          document: { name: row.document.name },
          documentsUrl: `${options.publicUrl}/documents?entity=${recipient.entityId}`,
        }),
    });
  }

  app.get('/integration/documents/:id', { config: read, schema: schemas.getDocument }, async (request) =>
    serialize(await documentOf(requireApiCompany(request).id, request.params.id)),
  );

  for (const [action, shared] of [
    ['share', true],
    ['unshare', false],
  ] as const) {
    app.post(`/integration/documents/:id/${action}`, { config: write, schema: schemas.setDocumentShared(action, shared) }, async (request) => {
      const company = requireApiCompany(request);
      const row = await documentOf(company.id, request.params.id);
      await repository.setShared(row.document.id, shared, app.now());
      const updated = await documentOf(company.id, row.document.id);
      if (shared) await tellCustomers(request.log, company, await projectOf(company.id, row.document.project_id), updated);
      return serialize(updated);
    });
  }

  app.delete('/integration/documents/:id', { config: write, schema: schemas.deleteDocument }, async (request, reply) => {
    const company = requireApiCompany(request);
    const row = await documentOf(company.id, request.params.id);
    // The document row goes with its file.
    await deleteFiles(db, app.blobs, [row.file]);
    return reply.status(204).send(null);
  });
}
