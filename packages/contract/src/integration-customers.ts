import { z } from 'zod';
import { EmailSchema } from './auth';
import { TimestampSchema } from './common';
import { INT4_MAX } from './constants';
import { paginatedSchema } from './pagination';

/** A company's customers and what it shares with them (docs/company-api.md, "Customers and sharing"). */

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

const name = z.string().trim().max(100, 'At most 100 characters.').nullable().optional();

export const IntegrationPortalUserCreateSchema = z
  .object({ email: EmailSchema, first_name: name, last_name: name })
  .strict()
  .meta({ id: 'IntegrationPortalUserCreate' });
export type IntegrationPortalUserCreate = z.input<typeof IntegrationPortalUserCreateSchema>;

export const IntegrationPortalUserUpdateSchema = z.object({ first_name: name, last_name: name }).strict().meta({ id: 'IntegrationPortalUserUpdate' });

export const IntegrationPortalUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    /** This company's names for the person: what it wrote, never another company's (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md). */
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    /** When this company last sent the invitation; null: never. */
    invited_at: TimestampSchema.nullable(),
    /**
     * Their last sign-in this company may know of: through its invitation, or while it shared something with them;
     * null: none. Sign-ins that concern only other companies are not counted.
     */
    last_sign_in_at: TimestampSchema.nullable(),
    /** When this company ended their access; null: active. */
    deactivated_at: TimestampSchema.nullable(),
    /** Their first sign-in after this company added them (the `portal_user.activated` event); null: not yet. */
    activated_at: TimestampSchema.nullable(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: 'IntegrationPortalUser' });
export type IntegrationPortalUser = z.infer<typeof IntegrationPortalUserSchema>;
export const IntegrationPortalUserPageSchema = paginatedSchema(IntegrationPortalUserSchema).meta({ id: 'IntegrationPortalUserPage' });

export const InvitationSentSchema = z
  .object({ portal_user: IntegrationPortalUserSchema, expires_at: TimestampSchema })
  .meta({ id: 'InvitationSent', description: 'The invitation is on its way; its link works once, until expires_at.' });
export type InvitationSent = z.infer<typeof InvitationSentSchema>;

export const IntegrationShareCreateSchema = z
  .object({ portal_user_id: z.number({ error: 'The portal_user_id must be a whole number.' }).int().positive().max(INT4_MAX) })
  .strict()
  .meta({ id: 'IntegrationShareCreate' });

export const IntegrationShareSchema = z
  .object({
    /** The portal entity: what the customer's portal calls this project. */
    id: z.number().int(),
    project_id: z.number().int(),
    /** The customer, named as this company names them. */
    portal_user: z.object({ id: z.number().int(), email: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() }),
    /** As the customer's `last_sign_in_at`: a sign-in this company may know of. */
    last_sign_in_at: TimestampSchema.nullable(),
    created_at: TimestampSchema,
  })
  .meta({ id: 'IntegrationShare' });
export type IntegrationShare = z.infer<typeof IntegrationShareSchema>;

/** `POST /auth/invitation`: the link's token. */
export const InvitationAcceptSchema = z
  .object({ token: z.string().min(1).max(200) })
  .strict()
  .meta({ id: 'InvitationAccept' });

/** Signed in by the invitation; `password_token` (for `POST /auth/password-reset/confirm`) lets them choose a password now. */
export const InvitationAcceptedSchema = z
  .object({
    token: z.string(),
    user: z.object({ id: z.number().int(), email: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() }),
    password_token: z.string().nullable(),
  })
  .meta({ id: 'InvitationAccepted' });
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;
