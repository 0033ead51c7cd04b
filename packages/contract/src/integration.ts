import { z } from 'zod';
import { TimestampSchema } from './common';
import { paginatedSchema } from './pagination';
import { ALL_SCOPES } from './company-side';
import { INT4_MAX } from './constants';
import { NoteAttachmentSchema, NoteAuthorSchema, noteBodySchema } from './notes';

/**
 * The company side's integration API (docs/requirements.md 18: an integration API with API keys, plus a
 * command-line tool): called with `Authorization: Bearer ppk_…`, an API key of one company, never
 * with a portal user's session.
 */
export const API_KEY_PREFIX = 'ppk_';

export const IntegrationNoteCreateSchema = z
  .object({
    body: noteBodySchema,
    /** A staff member of the company; left out, the note is signed by the company. */
    author_staff_id: z.number().int().positive().max(INT4_MAX).nullable().optional(),
    /** false: an internal note, never shown in the portal. */
    shared_with_portal: z.boolean().default(true),
  })
  .meta({ id: 'IntegrationNoteCreate' });
export type IntegrationNoteCreate = z.input<typeof IntegrationNoteCreateSchema>;

export const IntegrationNoteSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    body: z.string(),
    author: NoteAuthorSchema,
    shared_with_portal: z.boolean(),
    attachments: z.array(NoteAttachmentSchema),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: 'IntegrationNote' });
export const IntegrationNotePageSchema = paginatedSchema(IntegrationNoteSchema).meta({ id: 'IntegrationNotePage' });
export type IntegrationNote = z.infer<typeof IntegrationNoteSchema>;

/**
 * What a staff member signed in to the console may do through the same routes: owners everything; staff the daily work,
 * never branding and switches, staff, API keys or webhooks (docs/staff-console.md).
 */
const OWNER_ONLY_SCOPES: readonly string[] = ['company:write', 'staff:write', 'api_keys:read', 'api_keys:write', 'webhooks:read', 'webhooks:write'];
export const STAFF_ROLE_SCOPES = {
  owner: ALL_SCOPES,
  staff: ALL_SCOPES.filter((scope) => !OWNER_ONLY_SCOPES.includes(scope)),
} as const;

export const ScopeSchema = z.enum(ALL_SCOPES).meta({ id: 'Scope', description: '`<area>:read` or `<area>:write`' });
export type Scope = z.infer<typeof ScopeSchema>;
