import {
  ApiErrorSchema,
  AUTH_MESSAGES,
  IdSchema,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_TOKEN_TTL_MINUTES,
  LoginRequestSchema,
  PasswordlessRequestResponseSchema,
  PasswordlessRequestSchema,
  PasswordlessVerifyRequestSchema,
  PortalUserSchema,
  SessionListSchema,
  SignInResponseSchema,
  type PortalUser,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../../lib/http-errors';
import { apiTimestamp } from '../../lib/timestamps';
import { requireUser } from '../../core/access/request';
import { loadSecret } from '../../lib/secret-file';
import { deviceLabel } from './device';
import { enforceLimit, enforceSignInBudget } from './limits';
import { customersRepository } from './customers.repository';
import { loginTokensRepository } from './login-tokens.repository';
import { passwordlessEmail, passwordlessLink } from './passwordless-email';
import { dummyPasswordHash, passwords } from './password';
import { usersRepository } from './users.repository';

export const INVALID_CREDENTIALS = AUTH_MESSAGES.invalidCredentials;

export interface AuthRoutesOptions {
  /** Links in emails are built from it, never from the Host header. */
  publicUrl: string;
  /** AUTH_SECRET; without it the key is kept in DATA_DIR/auth-secret. */
  authSecret?: string | undefined;
  dataDir: string;
}

const NoContent = z.null().describe('No content');
const Refused = { 422: ApiErrorSchema, 429: ApiErrorSchema };
const SignedIn = { 401: ApiErrorSchema };

function toPortalUser(user: PortalUser): PortalUser {
  return { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name };
}

/**
 * Issues a brand-new session for a user who just proved who they are; `invitedBy` is the company whose invitation link
 * they used, which hears of the sign-in even before it shares anything with them.
 */
export async function signIn(app: FastifyInstance, request: FastifyRequest, user: PortalUser, method: string, invitedBy: number | null = null) {
  const { token, sessionId } = await app.sessions.create(user.id, {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    now: app.now(),
  });
  request.log.info({ event: 'auth.sign_in', method, userId: user.id, sessionId }, 'signed in');
  if ((await customersRepository(app.database.db).activate(user, app.now(), invitedBy)) > 0) app.webhooks.wake();
  return { token, user: toPortalUser(user), device_token: app.deviceTokens.issue(portalDeviceSubject(user.email)) };
}

/** Whose address a portal device token is bound to (never a staff member's, whose tokens say `staff:`). */
const portalDeviceSubject = (email: string) => `portal:${email.toLowerCase()}`;

type LoginTokens = ReturnType<typeof loginTokensRepository>;

/** The portal's sign-in (password, or an emailed link or code) and the signed-in user's sessions. */
export async function authRoutes(fastify: FastifyInstance, options: AuthRoutesOptions) {
  const loginTokens = loginTokensRepository(fastify.database.db, {
    ttlMs: LOGIN_TOKEN_TTL_MINUTES * 60_000,
    maxCodeAttempts: LOGIN_CODE_MAX_ATTEMPTS,
    // One-time codes are hashed under it (see decision 011).
    codeKey: await loadSecret({ secret: options.authSecret, dataDir: options.dataDir, name: 'auth-secret' }),
  });
  // Made now rather than on the first unknown email, whose answer would otherwise take twice as long.
  await dummyPasswordHash();
  await signInRoutes(fastify, options, loginTokens);
  await sessionRoutes(fastify);
}

/** Signing in: a password, or the link or code of an email asked for first. */
async function signInRoutes(fastify: FastifyInstance, options: AuthRoutesOptions, loginTokens: LoginTokens) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = usersRepository(app.database.db);

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        operationId: 'signIn',
        summary: 'Sign in with email and password',
        description:
          'Answers a new session token. Wrong password and unknown address give the same 422. ' +
          'Limits: 10 sign-ins a minute per IP, 20 an hour per address, then 429 with Retry-After. The answer carries a `device_token`: ' +
          "sent back with a later sign-in to the same address, that sign-in counts against the device's own 20 an hour instead of the address's.",
        body: LoginRequestSchema,
        response: { 200: SignInResponseSchema, ...Refused },
      },
    },
    async (request) => {
      const { email, password, device_token: deviceToken } = request.body;
      await enforceLimit(app, request, 'signInPerIp', request.ip);
      const user = await users.findByEmail(email);
      // Keyed by the address asked for, account or not, so a 429 tells nothing either; a device that signed in before
      // with this address counts against its own budget instead.
      await enforceSignInBudget(app, request, { subject: portalDeviceSubject(email), accountKey: email, userId: user?.id ?? null }, deviceToken);
      // The same argon2 work whether or not the account exists, so timing tells nothing.
      const valid = await passwords.verify(user?.password_hash ?? (await dummyPasswordHash()), password);
      if (!user || !user.password_hash || !valid) {
        request.log.info({ event: 'auth.sign_in_failed', method: 'password', userId: user?.id ?? null }, 'sign-in failed');
        throw new HttpError(422, INVALID_CREDENTIALS, { email: [INVALID_CREDENTIALS] });
      }
      return signIn(app, request, user, 'password');
    },
  );

  app.post(
    '/auth/passwordless',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        operationId: 'requestSignInLink',
        summary: 'Email a sign-in link and code',
        description:
          'Always 202 with the same message, whether or not the address has an account. The message holds a link to ' +
          '`/auth/passwordless/login?token=…&email=…` and a 6-digit code, both valid 15 minutes, once; a new request voids ' +
          'the older ones. `theme` (a theme code) puts the company name in the email. ' +
          'Limits: 5 an hour per address, 20 an hour per IP, then 429 with Retry-After.',
        body: PasswordlessRequestSchema,
        response: { 202: PasswordlessRequestResponseSchema, ...Refused },
      },
    },
    async (request, reply) => {
      const { email, theme } = request.body;
      await enforceLimit(app, request, 'passwordlessPerIp', request.ip);
      await enforceLimit(app, request, 'passwordlessPerEmail', email);
      const user = await users.findByEmail(email);
      const brand = theme ? await users.brandByThemeCode(theme) : null;
      // A token is written for an unknown address too: the same database work, and a code typed for
      // it fails exactly like a wrong one. Only the email is skipped, and nothing of it starts before
      // the answer has left, so the answer takes as long either way.
      const issued = await loginTokens.issue(email, user?.id ?? null, app.now());
      if (user) {
        app.mailer.sendAfterAnswer(
          reply.raw,
          () =>
            passwordlessEmail({
              to: user.email,
              firstName: user.first_name,
              link: passwordlessLink(options.publicUrl, issued.token, email, brand?.code),
              code: issued.code,
              brand,
            }),
          request.log,
        );
      }
      request.log.info(
        { event: 'auth.passwordless_requested', userId: user?.id ?? null, loginTokenId: issued.tokenId, theme: brand?.code ?? null },
        'sign-in email requested',
      );
      return reply.status(202).send({ message: AUTH_MESSAGES.passwordlessSent });
    },
  );

  app.post(
    '/auth/passwordless/verify',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        operationId: 'signInWithLink',
        summary: 'Sign in with the emailed link token or code',
        description:
          'Body `{ token }` (from the link) or `{ email, code }`. Answers like a password sign-in, or 422. Single use; ' +
          'after 5 code tries the link and code are void. Counts against the 10 sign-ins a minute per IP.',
        body: PasswordlessVerifyRequestSchema,
        response: { 200: SignInResponseSchema, ...Refused },
      },
    },
    async (request) => {
      const body = request.body;
      await enforceLimit(app, request, 'signInPerIp', request.ip);
      const now = app.now();

      if (body.token !== undefined) {
        const consumed = await loginTokens.consumeLink(body.token, now);
        const user = consumed?.userId ? await users.findById(consumed.userId) : null;
        if (!user) {
          request.log.info({ event: 'auth.sign_in_failed', method: 'link', userId: null, loginTokenId: consumed?.tokenId ?? null }, 'sign-in failed');
          throw new HttpError(422, AUTH_MESSAGES.invalidLink, { token: [AUTH_MESSAGES.invalidLink] });
        }
        return signIn(app, request, user, 'link');
      }

      // The schema lets a body without a token through only with both of these.
      const email = body.email!;
      const check = await loginTokens.checkCode(email, body.code!, now);
      const user = check.outcome === 'signed-in' ? await users.findById(check.userId) : null;
      if (!user) {
        const ids = check.outcome === 'no-token' ? { userId: null, loginTokenId: null } : { userId: check.userId, loginTokenId: check.tokenId };
        request.log.info({ event: 'auth.sign_in_failed', method: 'code', reason: check.outcome, ...ids }, 'sign-in failed');
        if (check.outcome === 'wrong-code' && check.attemptsLeft === 0) {
          request.log.info({ event: 'auth.login_token_void', reason: 'too-many-codes', ...ids }, 'sign-in code void');
        }
        throw new HttpError(422, AUTH_MESSAGES.invalidCode, { code: [AUTH_MESSAGES.invalidCode] });
      }
      return signIn(app, request, user, 'code');
    },
  );
}

/** The signed-in user, their sessions, and signing out. */
async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/logout',
    {
      // Ending a staff member's preview is the one write a preview may make.
      config: { allowInPreview: true },
      schema: {
        tags: ['auth'],
        operationId: 'signOut',
        summary: 'Sign out: revoke the current session (or end a preview)',
        response: { 204: NoContent, ...SignedIn },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.sessions.revoke(user.id, user.sessionId, app.now());
      request.log.info({ event: 'auth.sign_out', userId: user.id, sessionId: user.sessionId }, 'signed out');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], operationId: 'getSignedInUser', summary: 'The signed-in user', response: { 200: PortalUserSchema, ...SignedIn } } },
    async (request) => toPortalUser(requireUser(request)),
  );

  app.get(
    '/auth/sessions',
    {
      schema: {
        tags: ['auth'],
        operationId: 'listSessions',
        summary: "The user's active sessions, most recently used first",
        response: { 200: SessionListSchema, ...SignedIn },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // The customer's devices tell when and where they signed in, across every company: never a preview's to read.
      const rows = user.preview ? [] : await app.sessions.listActive(user.id, app.now());
      return {
        data: rows.map((session) => ({
          id: session.id,
          device: deviceLabel(session.user_agent),
          ip: session.ip,
          created_at: apiTimestamp(session.created_at),
          last_used_at: apiTimestamp(session.last_used_at),
          current: session.id === user.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        operationId: 'revokeSession',
        summary: "Revoke one of the user's sessions",
        params: z.object({ id: IdSchema }),
        response: { 204: NoContent, ...SignedIn, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await app.sessions.revokeOwn(user.id, request.params.id, app.now()))) throw notFound();
      request.log.info({ event: 'auth.session_revoked', userId: user.id, sessionId: request.params.id }, 'session revoked');
      return reply.status(204).send(null);
    },
  );

  // "Sign out everywhere else": every session of the user but the one asking.
  app.delete(
    '/auth/sessions',
    { schema: { tags: ['auth'], operationId: 'revokeOtherSessions', summary: 'Sign out everywhere else', response: { 204: NoContent, ...SignedIn } } },
    async (request, reply) => {
      const user = requireUser(request);
      const count = await app.sessions.revokeOthers(user.id, user.sessionId, app.now());
      request.log.info({ event: 'auth.sessions_revoked', userId: user.id, count }, 'other sessions revoked');
      return reply.status(204).send(null);
    },
  );
}
