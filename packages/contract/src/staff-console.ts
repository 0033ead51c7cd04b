import { z } from 'zod';
import { LinkTokenSchema } from './account';
import { EmailSchema, LOGIN_TOKEN_TTL_MINUTES, PasswordSchema, PortalUserSchema } from './auth';
import { TimestampSchema } from './common';
import { INT4_MAX } from './constants';

/** The staff console's side of a staff member (docs/staff-console.md). */

export const StaffMemberSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['owner', 'staff']),
    company: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable(), color: z.string().nullable() }),
  })
  .meta({ id: 'StaffMember', description: 'The staff member signed in to the console, and their company.' });
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffSignedInSchema = z.object({ token: z.string(), staff: StaffMemberSchema, device_token: z.string() }).meta({ id: 'StaffSignedIn' });
export type StaffSignedIn = z.infer<typeof StaffSignedInSchema>;

/** Accepting an invitation: the link's token and the password to sign in with from now on. */
export const StaffInvitationAcceptSchema = z.object({ token: LinkTokenSchema, password: PasswordSchema }).meta({ id: 'StaffInvitationAccept' });
export type StaffInvitationAccept = z.input<typeof StaffInvitationAcceptSchema>;

/** `POST /api/staff/auth/passwordless`: email a sign-in link to the console to this address. */
export const StaffPasswordlessRequestSchema = z.object({ email: EmailSchema }).meta({ id: 'StaffPasswordlessRequest' });
export type StaffPasswordlessRequest = z.input<typeof StaffPasswordlessRequestSchema>;

/** `POST /api/staff/auth/passwordless/verify`: the emailed link's token; answers like a password sign-in. */
export const StaffPasswordlessVerifySchema = z.object({ token: z.string().min(1).max(200) }).meta({ id: 'StaffPasswordlessVerify' });
export type StaffPasswordlessVerify = z.input<typeof StaffPasswordlessVerifySchema>;

export const STAFF_MESSAGES = {
  invalidInvitation: 'This invitation link is not valid any more. Ask an owner of your company for a new one.',
  passwordlessSent: `If a member of staff has that address, we have sent them a sign-in link. It works once and expires in ${LOGIN_TOKEN_TTL_MINUTES} minutes.`,
} as const;

const recordId = (field: string) =>
  z
    .number({ error: `The ${field} must be a whole number.` })
    .int()
    .positive()
    .max(INT4_MAX);

/** `POST /api/staff/previews`: open the portal as this customer sees this project (docs/staff-console.md). */
export const PreviewCreateSchema = z
  .object({ project_id: recordId('project_id'), portal_user_id: recordId('portal_user_id') })
  .strict()
  .meta({ id: 'PreviewCreate' });
export type PreviewCreate = z.input<typeof PreviewCreateSchema>;

/** A read-only portal session of the customer, for the staff member who asked; it ends at `expires_at` or when ended. */
export const PreviewSchema = z
  .object({
    token: z.string(),
    expires_at: TimestampSchema,
    project_id: z.number().int(),
    /** What the customer's portal calls the project (`/?entity=…`). */
    entity_id: z.number().int(),
    portal_user: PortalUserSchema,
  })
  .meta({ id: 'Preview' });
export type Preview = z.infer<typeof PreviewSchema>;

export const PREVIEW_MESSAGES = {
  notShared: 'This project is not shared with this customer.',
} as const;
