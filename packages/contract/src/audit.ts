import { z } from 'zod';
import { TimestampSchema } from './common';
import { paginatedSchema } from './pagination';

/**
 * Who did what on the company side (docs/decisions/049-audit-log.md): `GET /api/integration/audit-log`. A customer
 * appears (`portal_user`) for what changes the company's records beyond the inbox: a selection's choice, which may
 * make a change order (docs/company-api.md "Selections and allowances").
 */

export const AUDIT_ACTOR_KINDS = ['api_key', 'staff', 'operator', 'portal_user'] as const;
export const AuditActorKindSchema = z.enum(AUDIT_ACTOR_KINDS);
export type AuditActorKind = z.infer<typeof AuditActorKindSchema>;

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: TimestampSchema,
    actor: z.object({
      kind: AuditActorKindSchema,
      id: z.number().int().nullable(),
      label: z.string().describe("As it was at the time: the key's name and prefix, the staff member's name, or the customer's name and email."),
    }),
    action: z.string().describe("The route's operationId, e.g. createNote"),
    summary: z.string().describe('What the action does, in words'),
    method: z.string().nullable(),
    route: z.string().nullable().describe('The route pattern, e.g. /api/integration/notes/:id'),
    target: z.object({ kind: z.string(), id: z.number().int() }).nullable(),
    status: z.number().int().nullable(),
    request_id: z.string().nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditEntryPageSchema = paginatedSchema(AuditEntrySchema).meta({ id: 'AuditEntryPage' });
export type AuditEntryPage = z.infer<typeof AuditEntryPageSchema>;

export const AuditActorSchema = z.object({ kind: AuditActorKindSchema, id: z.number().int().nullable(), label: z.string() }).meta({ id: 'AuditActor' });
export type AuditActorEntry = z.infer<typeof AuditActorSchema>;
export const AuditActorListSchema = z.object({ data: z.array(AuditActorSchema) }).meta({ id: 'AuditActorList' });
export type AuditActorList = z.infer<typeof AuditActorListSchema>;
