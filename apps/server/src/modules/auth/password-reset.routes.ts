import {
  ACCOUNT_MESSAGES,
  ApiErrorSchema,
  LOGIN_CODE_MAX_ATTEMPTS,
  MessageResponseSchema,
  PASSWORD_RESET_TTL_MINUTES,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  SignInResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-errors';
import { loadSecret } from '../../lib/secret-file';
import { accountRepository } from './account.repository';
import { passwordResetEmail } from './account-email';
import type { AuthRoutesOptions } from './auth.routes';
import { signIn } from './auth.routes';
import { enforceLimit } from './limits';
import { loginTokensRepository } from './login-tokens.repository';
import { passwords, refuseCommonPassword } from './password';
import { usersRepository } from './users.repository';

const Refused = { 422: ApiErrorSchema, 429: ApiErrorSchema };

/**
 * "Forgot your password?": the passwordless sign-in's links (login-tokens.repository.ts) with their
 * own purpose and lifetime, the same limits and the same one answer whether or not the address has
 * an account (docs/decisions/032-account-settings-and-password-reset.md).
 */
export async function passwordResetRoutes(fastify: FastifyInstance, options: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = usersRepository(app.database.db);
  const account = accountRepository(app.database.db);
  const resetTokens = loginTokensRepository(app.database.db, {
    purpose: 'password_reset',
    ttlMs: PASSWORD_RESET_TTL_MINUTES * 60_000,
    maxCodeAttempts: LOGIN_CODE_MAX_ATTEMPTS,
    codeKey: await loadSecret({ secret: options.authSecret, dataDir: options.dataDir, name: 'auth-secret' }),
  });

  app.post(
    '/auth/password-reset',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        summary: 'Email a link to choose a new password',
        description:
          `Always 202 with the same message, whether or not the address has an account. The message links to ` +
          `\`/reset-password?token=…\`, valid ${PASSWORD_RESET_TTL_MINUTES} minutes, once; a new request voids the older ones. ` +
          '`theme` (a theme code) puts the company name in the email. ' +
          'Limits: 5 an hour per address, 20 an hour per IP, then 429 with Retry-After.',
        body: PasswordResetRequestSchema,
        response: { 202: MessageResponseSchema, ...Refused },
      },
    },
    async (request, reply) => {
      const { email, theme } = request.body;
      await enforceLimit(app, request, 'passwordResetPerIp', request.ip);
      await enforceLimit(app, request, 'passwordResetPerEmail', email);
      const user = await users.findByEmail(email);
      const brand = theme ? await users.brandByThemeCode(theme) : null;
      // As for sign-in links: a token for an unknown address too, and the mail only once the answer has left.
      const issued = await resetTokens.issue(email, user?.id ?? null, app.now());
      if (user) {
        app.mailer.sendAfterAnswer(
          reply.raw,
          () => passwordResetEmail({ publicUrl: options.publicUrl, to: user.email, firstName: user.first_name, token: issued.token, brand }),
          request.log,
        );
      }
      request.log.info({ event: 'auth.password_reset_requested', userId: user?.id ?? null, loginTokenId: issued.tokenId }, 'password reset requested');
      return reply.status(202).send({ message: ACCOUNT_MESSAGES.resetSent });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        operationId: 'confirmPasswordReset',
        summary: 'Choose a new password with the emailed link',
        description:
          'Sets the password, signs the user out on every device and answers a new session, like a sign-in. ' +
          'The link works once. Counts against the 10 sign-ins a minute per IP.',
        body: PasswordResetConfirmSchema,
        response: { 200: SignInResponseSchema, ...Refused },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      await enforceLimit(app, request, 'signInPerIp', request.ip);
      // Before the link is spent: a refused password leaves it working for the next try.
      await refuseCommonPassword(password);
      const now = app.now();
      const consumed = await resetTokens.consumeLink(token, now);
      const user = consumed?.userId ? await users.findById(consumed.userId) : null;
      if (!user) {
        request.log.info({ event: 'auth.password_reset_failed', userId: null, loginTokenId: consumed?.tokenId ?? null }, 'password reset failed');
        throw new HttpError(422, ACCOUNT_MESSAGES.invalidResetLink, { token: [ACCOUNT_MESSAGES.invalidResetLink] });
      }
      await account.setPasswordHash(user.id, await passwords.hash(password), now);
      const session = await signIn(app, request, user, 'password_reset');
      // Whoever knew the old password, or held a session, is out: only the session just made stays.
      const [sessionId] = session.token.split('.');
      const count = await app.sessions.revokeOthers(user.id, Number(sessionId), now);
      request.log.info({ event: 'auth.password_reset', userId: user.id, sessionsRevoked: count }, 'password reset');
      return session;
    },
  );
}
