import { z } from 'zod';
import { TimestampSchema } from './common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'The email must be a valid email address.' }))
  .transform((email) => email.toLowerCase());

/** The rules every password meets, at sign-in and wherever one is chosen. */
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`);

/**
 * A device token: what a sign-in answers for the device to keep beside its session token and present at its next
 * password sign-in, which then counts against that device's own budget (OWASP's device cookies). Its shape:
 * 43 base64url characters, a dot, 64 hex digits.
 */
export const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}\.[0-9a-f]{64}$/;
/** Optional at sign-in; one that is malformed, forged or another address's counts as none. */
const DeviceTokenFieldSchema = z.string().max(200).optional();

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  device_token: DeviceTokenFieldSchema,
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const PortalUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type PortalUser = z.infer<typeof PortalUserSchema>;

/** What every successful sign-in answers: a new opaque token and who it belongs to. */
export const SignInResponseSchema = z.object({
  token: z.string(),
  user: PortalUserSchema,
  device_token: z.string(),
});
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const SessionSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: TimestampSchema,
  last_used_at: TimestampSchema,
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionListSchema = z.object({ data: z.array(SessionSchema) });

/** The messages of the sign-in routes, word for word. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'These credentials do not match our records.',
  passwordlessSent: 'If an account exists for that address, we have sent it a sign-in link and a 6-digit code. Both expire in 15 minutes.',
  invalidLink: 'This sign-in link is invalid, has expired or was already used. Ask for a new one.',
  invalidCode: 'The code is wrong or has expired. Check the latest email, or ask for a new code.',
} as const;

/** Passwordless sign-in: a link and a code, sent together, valid this long. */
export const LOGIN_TOKEN_TTL_MINUTES = 15;
export const LOGIN_CODE_LENGTH = 6;
/** Code tries per emailed code, right or wrong; after that the link and code are void. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

/** POST /api/auth/passwordless: send a sign-in link and code to this address. */
export const PasswordlessRequestSchema = z.object({
  email: EmailSchema,
  /** A portal theme code (`?theme=acme`): the email then carries that company's name. Unknown codes are ignored. */
  theme: z.string().trim().max(100).nullish(),
});
export type PasswordlessRequest = z.input<typeof PasswordlessRequestSchema>;

/** The one answer of POST /api/auth/passwordless (202), whether or not the address has an account. */
export const PasswordlessRequestResponseSchema = z.object({ message: z.string() });
export type PasswordlessRequestResponse = z.infer<typeof PasswordlessRequestResponseSchema>;

const LoginCodeSchema = z
  .string()
  .transform((code) => code.replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, `The code must be ${LOGIN_CODE_LENGTH} digits.`));

/**
 * POST /api/auth/passwordless/verify: either the link's token, or the address and the code.
 * Answers like a password sign-in (SignInResponseSchema).
 */
export const PasswordlessVerifyRequestSchema = z
  .object({
    token: z.string().max(200).optional(),
    email: EmailSchema.optional(),
    code: LoginCodeSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.token !== undefined) return;
    if (body.email === undefined) {
      context.addIssue({ code: 'custom', path: ['email'], message: 'The email field is required when there is no token.' });
    }
    if (body.code === undefined) {
      context.addIssue({ code: 'custom', path: ['code'], message: 'The code field is required when there is no token.' });
    }
  });
export type PasswordlessVerifyRequest = z.input<typeof PasswordlessVerifyRequestSchema>;
