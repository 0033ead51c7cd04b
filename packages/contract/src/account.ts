import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './auth';
import { PASSWORD_MAX_LENGTH } from './constants';

/** A password reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** A link confirming a new email address works once, for this long (docs/decisions/032-account-settings-and-password-reset.md). */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** The messages of the password reset and account routes, word for word. */
export const ACCOUNT_MESSAGES = {
  resetSent: `If an account exists for that address, we have sent it a link to choose a new password. The link expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
  invalidResetLink: 'This password reset link is invalid, has expired or was already used. Ask for a new one.',
  wrongCurrentPassword: 'The current password is wrong.',
  noPasswordYet: 'You have not set a password yet: sign out and use "Forgot your password?" on the sign-in page to set one.',
  sameEmail: 'That is already your email address.',
  emailChangeSent: `We have sent a confirmation link to the new address. Your email changes when you open it; the link expires in ${EMAIL_CHANGE_TTL_HOURS} hours.`,
  invalidEmailLink: 'This confirmation link is invalid, has expired or was already used. Ask for a new one from your account settings.',
  emailTaken: 'That email address is already used by another account.',
  /** Wherever a password is chosen: it is one of the passwords leaked most often, which attackers try first. */
  commonPassword: 'This password is too common: it is among the passwords most often leaked. Choose another.',
} as const;

/** The one answer of the requests that send an email (202), whatever happens to the address. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const LinkTokenSchema = z.string().min(1, 'The token field is required.').max(200);

/** POST /api/auth/password-reset: email a reset link to this address, if it has an account. */
export const PasswordResetRequestSchema = z.object({
  email: EmailSchema,
  /** A portal theme code (`?theme=acme`): the email then carries that company's name. Unknown codes are ignored. */
  theme: z.string().trim().max(100).nullish(),
});
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm: the link's token and the new password. Answers a new session. */
export const PasswordResetConfirmSchema = z.object({
  token: LinkTokenSchema,
  password: PasswordSchema,
});
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirmSchema>;

const NameSchema = z
  .string()
  .trim()
  .max(100, 'The name may not be greater than 100 characters.')
  .transform((name) => (name === '' ? null : name))
  .nullable();

/** PATCH /api/account: the user's name. Answers the user. */
export const ProfileUpdateSchema = z.object({
  first_name: NameSchema,
  last_name: NameSchema,
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

const CurrentPasswordSchema = z
  .string()
  .min(1, 'The current password field is required.')
  .max(PASSWORD_MAX_LENGTH, `The current password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`);

/** POST /api/account/password: 204; every other session of the user is signed out. */
export const PasswordChangeSchema = z.object({
  current_password: CurrentPasswordSchema,
  password: PasswordSchema,
});
export type PasswordChange = z.input<typeof PasswordChangeSchema>;

/** POST /api/account/email: sends a confirmation link to the new address (202); nothing changes until it is opened. */
export const EmailChangeRequestSchema = z.object({
  email: EmailSchema,
  current_password: CurrentPasswordSchema,
});
export type EmailChangeRequest = z.input<typeof EmailChangeRequestSchema>;

/** POST /api/account/email/confirm: the link's token. Answers the user with the new address. */
export const EmailChangeConfirmSchema = z.object({ token: LinkTokenSchema });
export type EmailChangeConfirm = z.input<typeof EmailChangeConfirmSchema>;
