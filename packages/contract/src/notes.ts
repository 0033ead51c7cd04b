import { z } from 'zod';
import { TimestampSchema } from './common';
import { StoredFileSchema } from './files';
import { paginatedSchema } from './pagination';
import { INT4_MAX, NOTE_BODY_MAX_LENGTH, NOTE_ATTACHMENT_KINDS } from './constants';

/** No NUL (PostgreSQL text cannot hold it) and something besides white space. */
export const noteBodySchema = z
  .string()
  .max(NOTE_BODY_MAX_LENGTH, `The note may not be longer than ${NOTE_BODY_MAX_LENGTH.toLocaleString('en-US')} characters.`)
  .refine((value) => !value.includes('\u0000'), 'The note may not contain NUL characters.')
  .refine((value) => value.trim().length > 0, 'The note may not be empty.');

export const NoteAuthorSchema = z
  .object({
    /** staff: a member of the company; company: the company itself (an integration that names nobody); portal_user: a customer. */
    type: z.enum(['staff', 'company', 'portal_user']),
    id: z.number().int().nullable(),
    name: z.string(),
    title: z.string().nullable(),
    /** The staff member's picture, only when the company has `is_portal_user_profile_pics_enabled`. */
    avatar_url: z.string().nullable(),
  })
  .meta({ id: 'NoteAuthor' });
export type NoteAuthor = z.infer<typeof NoteAuthorSchema>;

/** A file on a note: a stored file (files.ts) of the kinds a note may carry, without its own timestamp. */
export const NoteAttachmentSchema = StoredFileSchema.omit({ created_at: true })
  .extend({ kind: z.enum(NOTE_ATTACHMENT_KINDS) })
  .meta({ id: 'NoteAttachment' });
export type NoteAttachment = z.infer<typeof NoteAttachmentSchema>;

export const NoteSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    /** Plain text: clients show it as text (links may be made clickable), never as markup. */
    body: z.string(),
    author: NoteAuthorSchema,
    /** Written by the signed-in user. */
    is_own: z.boolean(),
    attachments: z.array(NoteAttachmentSchema),
    created_at: TimestampSchema,
  })
  .meta({ id: 'Note', description: 'A note of a project thread shared with the portal.' });
export type Note = z.infer<typeof NoteSchema>;

export const NotePageSchema = paginatedSchema(NoteSchema).meta({ id: 'NotePage' });
export type NotePage = z.infer<typeof NotePageSchema>;

/** `POST /notes?entity=…` as JSON; with attachments, the same fields as multipart form fields and `files`. */
export const NoteCreateSchema = z
  .object({
    body: noteBodySchema,
    /** Chosen by the client (a UUID) so that a retry never posts the same note twice. */
    client_id: z.uuid().optional(),
  })
  .meta({ id: 'NoteCreate' });
export type NoteCreate = z.infer<typeof NoteCreateSchema>;

export const NoteReadStateSchema = z
  .object({
    /** The newest note the user has seen in this thread; null before the first visit. */
    last_read_note_id: z.number().int().nullable(),
    /** Shared notes by others newer than that. */
    unread_count: z.number().int(),
  })
  .meta({ id: 'NoteReadState' });
export type NoteReadState = z.infer<typeof NoteReadStateSchema>;

export const NoteReadUpdateSchema = z.object({ last_read_note_id: z.number().int().positive().max(INT4_MAX) }).meta({ id: 'NoteReadUpdate' });
export type NoteReadUpdate = z.infer<typeof NoteReadUpdateSchema>;
