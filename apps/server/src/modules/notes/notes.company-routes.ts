import {
  IntegrationNoteCreateSchema,
  NOTE_ATTACHMENT_KINDS,
  NOTE_ATTACHMENT_MAX_BYTES,
  NOTE_BODY_MAX_LENGTH,
  NOTE_MAX_ATTACHMENTS,
  type IntegrationNoteCreate,
} from '@portal/contract';
import { paginate, pageUrls } from '../../lib/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import { fieldErrors, invalid, notFound } from '../../lib/http-errors';
import { deleteFiles } from '../../core/files/store';
import { receiveUpload } from '../../core/files/uploads';
import type { FileRow } from '../../db/rows';
import { companyNoteNotice } from './notes-email';
import { notesRepository } from './notes.repository';
import { serializeIntegrationNote } from './notes.serializers';
import * as schemas from './notes.company-schemas';

/** A company's note with files: the same fields as its JSON, as multipart text fields, and the files in `files`. */
const NOTE_UPLOAD = {
  field: 'files',
  maxFiles: NOTE_MAX_ATTACHMENTS,
  maxBytes: NOTE_ATTACHMENT_MAX_BYTES,
  accept: NOTE_ATTACHMENT_KINDS,
  fields: { body: NOTE_BODY_MAX_LENGTH, author_staff_id: 12, shared_with_portal: 5 },
  json: IntegrationNoteCreateSchema,
};

/** Multipart fields are text: "12" is a staff id, "true"/"false" a flag; anything else is left for the schema to refuse. */
function fromFields(fields: Record<string, string>): unknown {
  const flag = fields.shared_with_portal;
  const staff = fields.author_staff_id;
  return {
    body: fields.body ?? '',
    ...(staff !== undefined && staff !== '' ? { author_staff_id: /^\d+$/.test(staff) ? Number(staff) : staff } : {}),
    ...(flag !== undefined ? { shared_with_portal: flag === 'true' ? true : flag === 'false' ? false : flag } : {}),
  };
}

/** The company side's notes: what a company's CRM posts with an API key (docs/decisions/021-integration-api-keys.md). */
export async function notesCompanyRoutes(fastify: FastifyInstance, options: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notes = notesRepository(app.database.db);

  app.get(
    '/integration/projects/:id/notes',
    {
      config: { apiKey: true, scope: 'notes:read' },
      schema: schemas.listProjectNotes,
      preValidation: schemas.threadQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const project = await notes.projectOfCompany(company.id, request.params.id);
      if (!project) throw notFound();
      const { filters, page } = schemas.threadQuery.from(request);
      const shared = filters.shared_with_portal?.[0];
      if (shared !== undefined && shared !== 'true' && shared !== 'false') {
        throw invalid({ 'filter[shared_with_portal]': ['The filter[shared_with_portal] must be true or false.'] }, 400);
      }
      const { rows, total } = await notes.listAll(project.id, {
        updatedSince: filters.updated_since?.[0],
        sharedWithPortal: shared === undefined ? undefined : shared === 'true',
        page,
      });
      const context = { company, publicUrl: options.publicUrl, links: app.fileLinks.for({ kind: 'company', companyId: company.id }) };
      return paginate(
        rows.map((row) => serializeIntegrationNote(row, context)),
        total,
        page,
        pageUrls(options.publicUrl, request.url),
      );
    },
  );

  app.get('/integration/notes/:id', { config: { apiKey: true, scope: 'notes:read' }, schema: schemas.getNote }, async (request) => {
    const company = requireApiCompany(request);
    const row = await notes.findOfCompany(company.id, request.params.id);
    if (!row) throw notFound();
    return serializeIntegrationNote(row, { company, publicUrl: options.publicUrl, links: app.fileLinks.for({ kind: 'company', companyId: company.id }) });
  });

  app.post(
    '/integration/projects/:id/notes',
    { config: { apiKey: true, scope: 'notes:write', upload: NOTE_UPLOAD }, schema: schemas.createProjectNote },
    async (request, reply) => {
      const company = requireApiCompany(request);
      // A member in the console signs their own notes; a key signs whom it names, or nobody (the company).
      const signedInStaffId = request.integration?.staffId ?? null;
      const project = await notes.projectOfCompany(company.id, request.params.id);
      if (!project) throw notFound();
      let files: FileRow[] = [];
      let input: IntegrationNoteCreate & { shared_with_portal: boolean };
      const refuse = async (fields: Record<string, string[]>) => {
        await deleteFiles(app.database.db, app.blobs, files);
        return invalid(fields);
      };
      if (request.isMultipart()) {
        const upload = await receiveUpload(app, request, { companyId: company.id, staffId: signedInStaffId });
        files = upload.files;
        const parsed = IntegrationNoteCreateSchema.safeParse(fromFields(upload.fields));
        if (!parsed.success) throw await refuse(fieldErrors(parsed.error));
        input = parsed.data;
      } else {
        const parsed = IntegrationNoteCreateSchema.safeParse(request.body);
        if (!parsed.success) throw invalid(fieldErrors(parsed.error));
        input = parsed.data;
      }
      if (signedInStaffId !== null && input.author_staff_id != null && input.author_staff_id !== signedInStaffId) {
        throw await refuse({ author_staff_id: ['A note posted in the staff console is signed by the member who posts it.'] });
      }
      const authorId = signedInStaffId ?? input.author_staff_id ?? null;
      let authorName = company.name;
      if (authorId !== null) {
        const member = await notes.staffOfCompany(company.id, authorId);
        if (!member) throw await refuse({ author_staff_id: ['The author must be an active staff member of the company.'] });
        authorName = member.name;
      }
      const { note } = await notes
        .create({
          projectId: project.id,
          body: input.body,
          authorStaffId: authorId,
          sharedWithPortal: input.shared_with_portal,
          fileIds: files.map((file) => file.id),
        })
        .catch(async (error: unknown) => {
          await deleteFiles(app.database.db, app.blobs, files);
          throw error;
        });
      if (note.note.shared_with_portal) {
        // Everyone the project is shared with hears of it, each in a message of their own that links to their own
        // thread (docs/requirements.md 14); the service leaves out whoever turned notes off, and everyone while the
        // company has notes switched off.
        await app.notices.send(request.log, {
          kind: 'note',
          recordId: note.note.id,
          companyId: company.id,
          projectId: project.id,
          build: (recipient) =>
            companyNoteNotice({
              company,
              project,
              authorName,
              body: note.note.body,
              threadUrl: `${options.publicUrl}/notes?entity=${recipient.entityId}`,
            }),
        });
      }
      return reply
        .status(201)
        .send(serializeIntegrationNote(note, { company, publicUrl: options.publicUrl, links: app.fileLinks.for({ kind: 'company', companyId: company.id }) }));
    },
  );
}
