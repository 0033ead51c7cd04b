import {
  ApiErrorSchema,
  IdSchema,
  INT4_MAX,
  NOTE_ATTACHMENT_KINDS,
  NOTE_ATTACHMENT_MAX_BYTES,
  NOTE_BODY_MAX_LENGTH,
  NOTE_MAX_ATTACHMENTS,
  NOTES_PAGE_SIZE,
  NoteCreateSchema,
  NotePageSchema,
  NoteReadStateSchema,
  NoteReadUpdateSchema,
  NoteSchema,
  type NoteCreate,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrors, invalid, notFound } from '../../lib/http-errors';
import { defineListQuery } from '../../lib/list-query';
import { pageUrls, paginate } from '../../lib/pagination';
import { trustedSerializerCompiler } from '../../lib/trusted-serializer';
import { requireUser } from '../../core/access/request';
import { projectReadsRepository } from '../../core/projects';
import { requireProject } from '../../core/access/projects';
import { deleteFiles } from '../../core/files/store';
import { receiveUpload } from '../../core/files/uploads';
import { consolePath, consoleUrl, officeRecipient } from '../../core/mail/office';
import { newNoteEmail } from './notes-email';
import { ClientIdTaken, notesRepository, type NoteWithAuthor } from './notes.repository';
import { portalUserName } from '../../lib/names';
import { knownCustomer } from '../../core/customer-names';
import { serializeNote, type NoteSerializeContext } from './notes.serializers';
import type { CompanyRow, EntityRow } from '../../db/rows';
import { emitWebhookEvent } from '../../core/webhooks/outbox';
import { linksOf } from '../../core/files/links';

export interface NotesRoutesOptions {
  publicUrl: string;
}

const WHOLE = /^\d{1,10}$/;

export const notesListQuery = defineListQuery({
  params: {
    entity: { description: 'The portal entity (project) whose thread to read. Required.' },
    before: {
      description:
        'Only notes with a smaller id. The pages of a growing thread stay put when it is given; without it, page links carry the newest id of page 1 + 1.',
    },
    since: { description: 'Only notes with a larger id: what is new since the newest note the client holds (polling).' },
  },
  paginate: { defaultSize: NOTES_PAGE_SIZE },
});

/** `entity` of every notes route: a query parameter, like the web app's (docs/requirements.md 3.4). */
const EntityQuery = z.strictObject({ entity: IdSchema });

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

interface Guarded {
  entity: EntityRow;
  company: CompanyRow;
  user: { id: number; email: string; first_name: string | null; last_name: string | null };
}

/** A whole number parameter, or a 400 naming it. */
function idParam(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!WHOLE.test(value) || Number(value) < 1 || Number(value) > INT4_MAX)
    throw invalid({ [name]: [`The ${name} parameter must be a whole number of at least 1.`] }, 400);
  return Number(value);
}

export async function notesRoutes(fastify: FastifyInstance, options: NotesRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repository = notesRepository(app.database.db);
  const projectsOf = projectReadsRepository(app.database.db);
  const guarded = new WeakMap<FastifyRequest, Guarded>();

  /**
   * Runs before the query and body are validated: a project that is not the caller's, or whose
   * company has switched notes off, answers 404 whatever else the request says (decision 008).
   */
  async function guard(request: FastifyRequest) {
    const user = requireUser(request);
    const raw = (request.query as Record<string, unknown> | undefined)?.entity;
    if (typeof raw !== 'string' || raw === '') throw invalid({ entity: ['The entity parameter is required.'] }, 400);
    const entityId = idParam('entity', raw)!;
    const { entity, company } = await requireProject(app, user, entityId, 'notes');
    guarded.set(request, { entity, company, user });
  }
  const guardOf = (request: FastifyRequest) => guarded.get(request)!;

  const contextOf = (company: CompanyRow, request: FastifyRequest): NoteSerializeContext => ({
    company,
    publicUrl: options.publicUrl,
    links: linksOf(app, request).fileLinks,
  });

  async function readStateOf({ user, entity }: Pick<Guarded, 'user' | 'entity'>) {
    const state = await repository.readState(user.id, entity.model_id);
    return { last_read_note_id: state.lastReadNoteId, unread_count: state.unread };
  }

  /**
   * The office hears of a customer's note by email, after the note is committed and answered: the primary rep, else the
   * company's contact address (docs/decisions/114-every-customer-action-reaches-the-office.md).
   */
  async function tellOffice(request: FastifyRequest, { entity, company, user }: Guarded, note: NoteWithAuthor) {
    const found = await projectsOf.projectWithRep(entity.model_id, company.id);
    const recipient = found ? officeRecipient(company, found.rep) : null;
    if (!found || !recipient) {
      request.log.warn({ event: 'notes.no-office-email', noteId: note.note.id }, 'no primary rep and no contact email: the note is in the inbox only');
      return;
    }
    app.mailer.sendInBackground(
      newNoteEmail({
        recipient,
        replyTo: user.email,
        consoleUrl: consoleUrl(options.publicUrl, consolePath.notes(found.project.id)),
        company,
        project: found.project,
        // The company's own names for its customer (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
        authorName: portalUserName({ first_name: note.customer?.first_name ?? null, last_name: note.customer?.last_name ?? null, email: user.email }),
        body: note.note.body,
        attachmentNames: note.attachments.map((file) => file.original_name),
      }),
      request.log,
    );
  }

  app.get(
    '/notes',
    {
      schema: {
        tags: ['notes'],
        operationId: 'listPortalNotes',
        summary: "A page of a project's notes, newest first",
        description:
          'The notes the company shared with the portal; internal notes are never listed or counted. Newest first, ' +
          `${NOTES_PAGE_SIZE} a page: page 1 is what a thread shows first, later pages are older notes. Page links carry ` +
          '`before` (the newest id of page 1 + 1), so notes posted meanwhile never shift them. Poll with `since=<newest id held>` ' +
          'for what is new: within one project ids are handed out in commit order, so nothing is missed. 404 when the project ' +
          'is not shared with the caller or its company has switched notes off.',
        querystring: notesListQuery.querystring,
        response: { 200: NotePageSchema, ...errors },
      },
      preValidation: [guard, notesListQuery.preValidation],
      // Polled every 10 seconds by every open thread: plain JSON.stringify of typed serializers (decision 016).
      serializerCompiler: trustedSerializerCompiler,
    },
    async (request) => {
      const { entity, company, user } = guardOf(request);
      const { page, params } = notesListQuery.from(request);
      const before = idParam('before', params.before);
      const since = idParam('since', params.since);
      const { rows, total } = await repository.listShared(entity.model_id, { before, since }, page);
      // Pin the page links to this moment of the thread, so page 2 follows page 1 exactly.
      let url = request.url;
      if (before === undefined && since === undefined && page.number === 1 && rows.length > 0) {
        url += `${url.includes('?') ? '&' : '?'}before=${rows[0]!.note.id + 1}`;
      }
      const context = contextOf(company, request);
      return paginate(
        rows.map((row) => serializeNote(row, user.id, context)),
        total,
        page,
        pageUrls(options.publicUrl, url),
      );
    },
  );

  app.get(
    '/notes/read',
    {
      schema: {
        tags: ['notes'],
        operationId: 'getNoteReadState',
        summary: 'Where the caller stopped reading a thread',
        description: 'The newest note the caller has marked read in this project, and how many shared notes by others came after it.',
        querystring: EntityQuery,
        response: { 200: NoteReadStateSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request) => readStateOf(guardOf(request)),
  );

  app.put(
    '/notes/read',
    {
      schema: {
        tags: ['notes'],
        operationId: 'updateNoteReadState',
        summary: 'Mark a thread read up to a note',
        description: 'Moves the mark forward only (never back). The note must be a note of this thread; anything else is 422.',
        querystring: EntityQuery,
        body: NoteReadUpdateSchema,
        response: { 200: NoteReadStateSchema, ...errors, 422: ApiErrorSchema },
      },
      preValidation: guard,
    },
    async (request) => {
      const { entity, user } = guardOf(request);
      const marked = await repository.markRead(user.id, entity.model_id, request.body.last_read_note_id);
      if (!marked) throw invalid({ last_read_note_id: ['The note is not in this thread.'] });
      return readStateOf({ user, entity });
    },
  );

  app.get(
    '/notes/:id',
    {
      schema: {
        tags: ['notes'],
        operationId: 'getPortalNote',
        summary: 'One note',
        description: 'A note of the thread of `entity`. An internal note, or a note of another project, answers 404 like one that does not exist.',
        params: z.object({ id: IdSchema }),
        querystring: EntityQuery,
        response: { 200: NoteSchema, ...errors },
      },
      preValidation: guard,
    },
    async (request) => {
      const { entity, company, user } = guardOf(request);
      const row = await repository.findShared(entity.model_id, request.params.id);
      if (!row) throw notFound();
      return serializeNote(row, user.id, contextOf(company, request));
    },
  );

  app.post(
    '/notes',
    {
      config: {
        upload: {
          field: 'files',
          maxFiles: NOTE_MAX_ATTACHMENTS,
          maxBytes: NOTE_ATTACHMENT_MAX_BYTES,
          accept: NOTE_ATTACHMENT_KINDS,
          fields: { body: NOTE_BODY_MAX_LENGTH, client_id: 64 },
          json: NoteCreateSchema,
        },
      },
      schema: {
        tags: ['notes'],
        operationId: 'createPortalNote',
        summary: 'Post a note',
        description:
          `JSON \`{ body, client_id? }\`, or multipart/form-data with the fields \`body\` and \`client_id\` and up to ${NOTE_MAX_ATTACHMENTS} ` +
          `files in \`files\` (images or PDFs, checked by their bytes, at most ${NOTE_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB each). ` +
          `Plain text up to ${NOTE_BODY_MAX_LENGTH.toLocaleString('en-US')} characters. Answers 201 once the note is committed; ` +
          "sent again with the same `client_id`, the note already written answers 200. The primary rep (else the company's contact address) is emailed afterwards.",
        querystring: EntityQuery,
        response: { 200: NoteSchema, 201: NoteSchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema, 422: ApiErrorSchema },
      },
      preValidation: guard,
    },
    async (request, reply) => {
      const guardedRequest = guardOf(request);
      const { entity, company, user } = guardedRequest;

      let input: NoteCreate;
      let fileIds: number[] = [];
      let uploaded: Awaited<ReturnType<typeof receiveUpload>>['files'] = [];
      if (request.isMultipart()) {
        const upload = await receiveUpload(app, request, { companyId: company.id, portalUserId: user.id });
        uploaded = upload.files;
        fileIds = uploaded.map((file) => file.id);
        const parsed = NoteCreateSchema.safeParse({
          body: upload.fields.body ?? '',
          ...(upload.fields.client_id ? { client_id: upload.fields.client_id } : {}),
        });
        if (!parsed.success) {
          await deleteFiles(app.database.db, app.blobs, uploaded);
          throw invalid(fieldErrors(parsed.error));
        }
        input = parsed.data;
      } else {
        const parsed = NoteCreateSchema.safeParse(request.body);
        if (!parsed.success) throw invalid(fieldErrors(parsed.error));
        input = parsed.data;
      }

      let result;
      try {
        result = await repository.create({
          projectId: entity.model_id,
          body: input.body,
          authorPortalUserId: user.id,
          sharedWithPortal: true,
          clientId: input.client_id ?? null,
          fileIds,
          afterWrite: async (tx, noteId) =>
            emitWebhookEvent(tx, {
              companyId: company.id,
              type: 'note.created',
              at: app.now(),
              data: {
                note: { id: noteId, project_id: entity.model_id, body: input.body, attachment_count: fileIds.length },
                // Named as the company names them, never by another company's names (docs/decisions/110).
                author: { type: 'portal_user', ...(await knownCustomer(tx, company.id, user)) },
              },
            }),
        });
      } catch (error) {
        await deleteFiles(app.database.db, app.blobs, uploaded);
        if (error instanceof ClientIdTaken) throw invalid({ client_id: ['This client_id was already used for another note.'] });
        throw error;
      }
      if (result.created) app.webhooks.wake();
      if (!result.created) {
        // A retry: the files sent again are not needed, the note already has its own.
        await deleteFiles(app.database.db, app.blobs, uploaded);
        return reply.status(200).send(serializeNote(result.note, user.id, contextOf(company, request)));
      }
      await tellOffice(request, guardedRequest, result.note);
      return reply.status(201).send(serializeNote(result.note, user.id, contextOf(company, request)));
    },
  );
}
