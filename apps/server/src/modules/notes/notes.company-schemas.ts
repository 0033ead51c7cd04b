import { ApiErrorSchema, IdSchema, IntegrationNotePageSchema, IntegrationNoteSchema, NOTE_ATTACHMENT_MAX_BYTES, NOTE_MAX_ATTACHMENTS } from '@portal/contract';
import { defineListQuery } from '../../lib/list-query';
import { z } from 'zod';

/**
 * What the company side's notes routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in notes.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

export const threadQuery = defineListQuery({
  filters: { updated_since: { kind: 'timestamp' }, shared_with_portal: { kind: 'string', description: 'true: what customers read; false: internal notes' } },
});

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

export const listProjectNotes = {
  tags: ['Notes'],
  operationId: 'listProjectNotes',
  summary: "A project's whole thread, internal notes included, newest first",
  description: "Customers' notes, staff notes and internal notes (`shared_with_portal: false`), each with its author and attachments' signed links.",
  params: z.object({ id: IdSchema }),
  querystring: threadQuery.querystring,
  response: { 200: IntegrationNotePageSchema, ...errors, 403: ApiErrorSchema },
};

export const getNote = {
  tags: ['Notes'],
  operationId: 'getNote',
  summary: 'A note of one of the company’s projects',
  params: z.object({ id: IdSchema }),
  response: { 200: IntegrationNoteSchema, ...errors, 403: ApiErrorSchema },
};

export const createProjectNote = {
  tags: ['Notes'],
  operationId: 'createProjectNote',
  summary: 'Add a note to a project (company side)',
  description:
    "Authorization: Bearer <API key>. The project must be the key's company's (404 otherwise); the author, when named, " +
    'one of its active staff (422 otherwise). In the staff console the note is signed by the member signed in (another `author_staff_id` is 422). `shared_with_portal: false` makes an internal note that no portal user ever reads. ' +
    'Notes can be added while the portal has notes switched off; they show once it is switched on. ' +
    'A shared note is emailed to every portal user the project is shared with, while notes are switched on. ' +
    `JSON, or multipart/form-data with the same fields and up to ${NOTE_MAX_ATTACHMENTS} files in \`files\` (images or PDFs, ` +
    `checked by their bytes, at most ${NOTE_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB each); a refused note keeps no file.`,
  params: z.object({ id: IdSchema }),
  response: { 201: IntegrationNoteSchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
};
