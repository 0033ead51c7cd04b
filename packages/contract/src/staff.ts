import { z } from 'zod';
import { TimestampSchema } from './common';
import { STAFF_ROLES } from './company-side';
import { paginatedSchema } from './pagination';

/**
 * A company's staff on its integration API (docs/company-api.md, "Staff"): the people who sign notes and are
 * projects' reps. Owners manage staff, keys, webhooks, branding and switches; staff do the daily work.
 */
export const StaffRoleSchema = z.enum(STAFF_ROLES);

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const IntegrationStaffCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(200),
    email: z
      .email({ message: 'The email must be a valid email address.' })
      .max(254)
      .transform((email) => email.toLowerCase())
      .nullable()
      .optional(),
    title: optionalText(200),
    phone: optionalText(50),
    role: StaffRoleSchema.default('staff'),
  })
  .strict()
  .meta({ id: 'IntegrationStaffCreate' });
export type IntegrationStaffCreate = z.input<typeof IntegrationStaffCreateSchema>;

export const IntegrationStaffUpdateSchema = IntegrationStaffCreateSchema.partial()
  .extend({ name: z.string().trim().min(1, 'The name field is required.').max(200).optional(), role: StaffRoleSchema.optional() })
  .strict()
  .meta({ id: 'IntegrationStaffUpdate' });
export type IntegrationStaffUpdate = z.input<typeof IntegrationStaffUpdateSchema>;

/**
 * `PATCH /api/staff/me`: what a member of staff changes of themself in the console's profile page, owner or not. Their
 * role, email and whether they are active are not theirs to change (docs/staff-console.md, "Your profile").
 */
export const StaffProfileUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.').max(200).optional(),
    title: optionalText(200),
    phone: optionalText(50),
  })
  .strict()
  .meta({ id: 'StaffProfileUpdate' });
export type StaffProfileUpdate = z.input<typeof StaffProfileUpdateSchema>;

export const IntegrationStaffSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    title: z.string().nullable(),
    phone: z.string().nullable(),
    role: StaffRoleSchema,
    /** Absolute; served publicly like the company's logo. */
    avatar_url: z.string().nullable(),
    active: z.boolean(),
    deactivated_at: TimestampSchema.nullable(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: 'IntegrationStaff' });
export type IntegrationStaff = z.infer<typeof IntegrationStaffSchema>;

export const IntegrationStaffPageSchema = paginatedSchema(IntegrationStaffSchema).meta({ id: 'IntegrationStaffPage' });

/** `POST /api/integration/staff/{id}/invite`: the invitation is on its way; its link works once, until expires_at. */
export const StaffInvitationSentSchema = z.object({ staff: IntegrationStaffSchema, expires_at: z.string() }).meta({ id: 'StaffInvitationSent' });
export type StaffInvitationSent = z.infer<typeof StaffInvitationSentSchema>;
