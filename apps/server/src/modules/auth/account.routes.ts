import {
  ACCOUNT_MESSAGES,
  ApiErrorSchema,
  EMAIL_CHANGE_TTL_HOURS,
  EmailChangeConfirmSchema,
  EmailChangeRequestSchema,
  LOGIN_CODE_MAX_ATTEMPTS,
  MessageResponseSchema,
  PasswordChangeSchema,
  PortalUserSchema,
  ProfileUpdateSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, unauthenticated } from '../../lib/http-errors';
import { loadSecret } from '../../lib/secret-file';
import { requireUser } from '../../core/access/request';
import type { AuthenticatedUser } from '../../core/access/request';
import { accountRepository } from './account.repository';
import { emailChangedNotice, emailChangeEmail, emailInUseNotice } from './account-email';
import type { AuthRoutesOptions } from './auth.routes';
import { enforceLimit } from './limits';
import { loginTokensRepository } from './login-tokens.repository';
import { dummyPasswordHash, passwords, refuseCommonPassword } from './password';
import { usersRepository } from './users.repository';

const NoContent = z.null().describe('No content');
const SignedIn = { 401: ApiErrorSchema };
const Refused = { 422: ApiErrorSchema, 429: ApiErrorSchema };

/**
 * The signed-in user's own account: name, password, email (docs/decisions/032-account-settings-and-password-reset.md).
 * The devices page's routes are in auth.routes.ts.
 */
export async function accountRoutes(fastify: FastifyInstance, options: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = usersRepository(app.database.db);
  const account = accountRepository(app.database.db);
  const emailTokens = loginTokensRepository(app.database.db, {
    purpose: 'email_change',
    supersede: 'user',
    ttlMs: EMAIL_CHANGE_TTL_HOURS * 3_600_000,
    maxCodeAttempts: LOGIN_CODE_MAX_ATTEMPTS,
    codeKey: await loadSecret({ secret: options.authSecret, dataDir: options.dataDir, name: 'auth-secret' }),
  });

  /**
   * What a stolen session alone must not do (lock the owner out): it proves the password first,
   * under the sign-in limits, so a session cannot be used to guess it either.
   */
  async function requirePassword(request: FastifyRequest, user: AuthenticatedUser, password: string) {
    await enforceLimit(app, request, 'signInPerIp', request.ip);
    await enforceLimit(app, request, 'signInPerAccount', user.email, user.id);
    const row = await users.findById(user.id);
    if (!row?.password_hash) {
      await passwords.verify(await dummyPasswordHash(), password);
      throw new HttpError(422, ACCOUNT_MESSAGES.noPasswordYet, { current_password: [ACCOUNT_MESSAGES.noPasswordYet] });
    }
    if (!(await passwords.verify(row.password_hash, password))) {
      request.log.info({ event: 'auth.password_check_failed', userId: user.id }, 'current password wrong');
      throw new HttpError(422, ACCOUNT_MESSAGES.wrongCurrentPassword, { current_password: [ACCOUNT_MESSAGES.wrongCurrentPassword] });
    }
    return row;
  }

  app.patch(
    '/account',
    {
      schema: {
        tags: ['account'],
        operationId: 'updateOwnAccount',
        summary: "Change the signed-in user's name",
        body: ProfileUpdateSchema,
        response: { 200: PortalUserSchema, ...SignedIn, 422: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const updated = await account.setName(user.id, request.body, app.now());
      app.sessions.forgetUsers();
      if (!updated) throw unauthenticated();
      request.log.info({ event: 'account.name_changed', userId: user.id }, 'name changed');
      return updated;
    },
  );

  app.post(
    '/account/password',
    {
      schema: {
        tags: ['account'],
        operationId: 'changePassword',
        summary: 'Change the password',
        description:
          'Needs the current password (422 when wrong; sign-in limits apply). Every other session of the user is ' +
          'signed out; the one asking stays signed in.',
        body: PasswordChangeSchema,
        response: { 204: NoContent, ...SignedIn, ...Refused },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await requirePassword(request, user, request.body.current_password);
      await refuseCommonPassword(request.body.password);
      const now = app.now();
      await account.setPasswordHash(user.id, await passwords.hash(request.body.password), now);
      const count = await app.sessions.revokeOthers(user.id, user.sessionId, now);
      request.log.info({ event: 'account.password_changed', userId: user.id, sessionsRevoked: count }, 'password changed');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/account/email',
    {
      schema: {
        tags: ['account'],
        operationId: 'requestEmailChange',
        summary: 'Ask to change the email address',
        description:
          `Needs the current password. Sends a link to the NEW address, valid ${EMAIL_CHANGE_TTL_HOURS} hours, once; ` +
          'the address changes only when it is followed (POST /api/account/email/confirm). The answer is the same 202 ' +
          'whether or not the new address already has an account (that account is told instead). 5 an hour per user.',
        body: EmailChangeRequestSchema,
        response: { 202: MessageResponseSchema, ...SignedIn, ...Refused },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { email } = request.body;
      await enforceLimit(app, request, 'emailChangePerUser', String(user.id), user.id);
      const row = await requirePassword(request, user, request.body.current_password);
      if (email === row.email) throw new HttpError(422, ACCOUNT_MESSAGES.sameEmail, { email: [ACCOUNT_MESSAGES.sameEmail] });
      const holder = await users.findByEmail(email);
      if (holder) {
        app.mailer.sendInBackground(emailInUseNotice({ to: holder.email, firstName: holder.first_name }), request.log);
      } else {
        const issued = await emailTokens.issue(email, user.id, app.now());
        app.mailer.sendInBackground(emailChangeEmail({ publicUrl: options.publicUrl, to: email, firstName: row.first_name, token: issued.token }), request.log);
      }
      request.log.info({ event: 'account.email_change_requested', userId: user.id }, 'email change requested');
      return reply.status(202).send({ message: ACCOUNT_MESSAGES.emailChangeSent });
    },
  );

  app.post(
    '/account/email/confirm',
    {
      // The link may be opened on another device, signed in or not: the token alone proves both the
      // request (it was issued to a signed-in user) and the new mailbox.
      config: { public: true },
      schema: {
        tags: ['account'],
        operationId: 'confirmEmailChange',
        summary: 'Confirm a new email address with the emailed link',
        description: 'Answers the user with the new address, or 422. The link works once. Counts against the 10 sign-ins a minute per IP.',
        body: EmailChangeConfirmSchema,
        response: { 200: PortalUserSchema, ...Refused },
      },
    },
    async (request) => {
      await enforceLimit(app, request, 'signInPerIp', request.ip);
      const now = app.now();
      const consumed = await emailTokens.consumeLink(request.body.token, now);
      const before = consumed?.userId ? await users.findById(consumed.userId) : null;
      if (!before || !consumed?.email) {
        throw new HttpError(422, ACCOUNT_MESSAGES.invalidEmailLink, { token: [ACCOUNT_MESSAGES.invalidEmailLink] });
      }
      const updated = await account.setEmail(before.id, consumed.email, now);
      app.sessions.forgetUsers();
      if (updated === 'taken') throw new HttpError(422, ACCOUNT_MESSAGES.emailTaken, { token: [ACCOUNT_MESSAGES.emailTaken] });
      if (!updated) throw new HttpError(422, ACCOUNT_MESSAGES.invalidEmailLink, { token: [ACCOUNT_MESSAGES.invalidEmailLink] });
      app.mailer.sendInBackground(emailChangedNotice({ to: before.email, firstName: before.first_name, newEmail: updated.email }), request.log);
      request.log.info({ event: 'account.email_changed', userId: before.id }, 'email changed');
      return updated;
    },
  );
}
