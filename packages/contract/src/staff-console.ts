import { z } from 'zod';
import { LinkTokenSchema } from './account';
import { PasswordSchema } from './auth';

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

export const StaffSignedInSchema = z.object({ token: z.string(), staff: StaffMemberSchema }).meta({ id: 'StaffSignedIn' });
export type StaffSignedIn = z.infer<typeof StaffSignedInSchema>;

/** Accepting an invitation: the link's token and the password to sign in with from now on. */
export const StaffInvitationAcceptSchema = z.object({ token: LinkTokenSchema, password: PasswordSchema }).meta({ id: 'StaffInvitationAccept' });
export type StaffInvitationAccept = z.input<typeof StaffInvitationAcceptSchema>;

export const STAFF_MESSAGES = {
  invalidInvitation: 'This invitation link is not valid any more. Ask an owner of your company for a new one.',
} as const;
