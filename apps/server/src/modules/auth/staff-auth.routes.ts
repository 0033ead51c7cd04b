import {
  ApiErrorSchema,
  AUTH_MESSAGES,
  CompanyThemeSchema,
  LinkTokenSchema,
  ERROR_MESSAGES,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_TOKEN_TTL_MINUTES,
  PasswordlessRequestResponseSchema,
  StaffPasswordlessRequestSchema,
  StaffPasswordlessVerifySchema,
  LoginRequestSchema,
  STAFF_MESSAGES,
  StaffInvitationAcceptSchema,
  StaffMemberSchema,
  StaffSignedInSchema,
  type StaffMember,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, type AuthenticatedStaff } from '../../core/access/request';
import { staffInvitationsRepository } from '../../core/access/staff-invitations';
import type { CompanyRow, StaffRow } from '../../db/rows';
import { absoluteUrl, hexColorOrNull } from '../../core/companies';
import { HttpError, notFound } from '../../lib/http-errors';
import { loadSecret } from '../../lib/secret-file';
import { INVALID_CREDENTIALS, type AuthRoutesOptions } from './auth.routes';
import { enforceLimit, enforceSignInBudget } from './limits';
import { loginTokensRepository } from './login-tokens.repository';
import { passwordlessEmail, staffPasswordlessLink } from './passwordless-email';
import { dummyPasswordHash, passwords, refuseCommonPassword } from './password';
import { staffMembersRepository } from './staff-members.repository';

/** Whose address a staff device token is bound to (never a customer's). */
const staffDeviceSubject = (email: string) => `staff:${email.toLowerCase()}`;

const NoContent = z.null().describe('No content');
const Refused = { 422: ApiErrorSchema, 429: ApiErrorSchema };
const SignedIn = { 401: ApiErrorSchema };

const staffMember = (member: Omit<AuthenticatedStaff, 'sessionId'>): StaffMember => ({
  id: member.id,
  name: member.name,
  email: member.email,
  role: member.role,
  company: { id: member.company.id, name: member.company.name, logo_url: member.company.logo_url, color: member.company.color },
});

type LoginTokens = ReturnType<typeof loginTokensRepository>;

/** Starts a staff session for the member and answers what a sign-in answers. */
async function signIn(app: FastifyInstance, request: FastifyRequest, member: StaffRow, company: CompanyRow, method: string) {
  const { token, sessionId } = await app.staffSessions.create(member.id, { userAgent: request.headers['user-agent'], ip: request.ip, now: app.now() });
  request.log.info({ event: 'staff.sign_in', method, staffId: member.id, companyId: company.id, sessionId }, 'staff signed in');
  // Who this request was, from now on: the audit log names the member who signed in (docs/decisions/049-audit-log.md).
  request.staffMember = { id: member.id, name: member.name, email: member.email ?? '', role: member.role, company, sessionId };
  return {
    token,
    staff: staffMember({ id: member.id, name: member.name, email: member.email ?? '', role: member.role, company }),
    device_token: app.deviceTokens.issue(staffDeviceSubject(member.email ?? '')),
  };
}

/**
 * Signing in to the staff console (docs/staff-console.md): password, or an owner's invitation link that sets one.
 * The same limits as the portal's sign-in; sessions are staff sessions, which no portal route accepts.
 */
export async function staffAuthRoutes(fastify: FastifyInstance, options: AuthRoutesOptions) {
  // The portal's passwordless machinery (docs/decisions/011), with links of their own purpose: a portal link never
  // signs in to the console, nor the reverse.
  const loginTokens = loginTokensRepository(fastify.database.db, {
    purpose: 'staff_sign_in',
    ttlMs: LOGIN_TOKEN_TTL_MINUTES * 60_000,
    maxCodeAttempts: LOGIN_CODE_MAX_ATTEMPTS,
    codeKey: await loadSecret({ secret: options.authSecret, dataDir: options.dataDir, name: 'auth-secret' }),
  });
  await dummyPasswordHash();
  await passwordRoutes(fastify, options);
  await linkRoutes(fastify, options, loginTokens);
  await sessionRoutes(fastify);
}

/** A password, or an owner's invitation that sets one; and the invitation page's brand. */
async function passwordRoutes(fastify: FastifyInstance, options: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const members = staffMembersRepository(app.database.db);
  const invitations = staffInvitationsRepository(app.database.db);

  app.post(
    '/staff/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['staff'],
        operationId: 'staffSignIn',
        summary: 'Sign in to the staff console with email and password',
        description:
          "Answers a staff session token, which only the console's routes accept. Wrong password and unknown address give the same 422. " +
          'Limits as the portal: 10 sign-ins a minute per IP, 20 an hour per address, then 429 with Retry-After. Someone on the staff ' +
          'of several companies signs in to the one whose password they give (the oldest membership first).',
        body: LoginRequestSchema,
        response: { 200: StaffSignedInSchema, ...Refused },
      },
    },
    async (request) => {
      const { email, password, device_token: deviceToken } = request.body;
      await enforceLimit(app, request, 'signInPerIp', request.ip);
      await enforceSignInBudget(app, request, { subject: staffDeviceSubject(email), accountKey: `staff:${email}` }, deviceToken);
      const found = await members.activeByEmail(email);
      for (const { member, company } of found) {
        if (member.password_hash && (await passwords.verify(member.password_hash, password))) return signIn(app, request, member, company, 'password');
      }
      // The same hashing work whether or not anyone has this address, so timing tells nothing.
      if (!found.some(({ member }) => member.password_hash)) await passwords.verify(await dummyPasswordHash(), password);
      request.log.info({ event: 'staff.sign_in_failed', method: 'password', staffIds: found.map(({ member }) => member.id) }, 'staff sign-in failed');
      throw new HttpError(422, INVALID_CREDENTIALS, { email: [INVALID_CREDENTIALS] });
    },
  );

  app.post(
    '/staff/auth/invitation',
    {
      config: { public: true },
      schema: {
        tags: ['staff'],
        operationId: 'acceptStaffInvitation',
        summary: 'Accept an invitation to the staff console: choose a password and sign in',
        description: 'The link works once and for 7 days; a newer invitation ends it. Counts against the 10 sign-ins a minute per IP.',
        body: StaffInvitationAcceptSchema,
        response: { 200: StaffSignedInSchema, ...Refused },
      },
    },
    async (request) => {
      await enforceLimit(app, request, 'signInPerIp', request.ip);
      await refuseCommonPassword(request.body.password);
      const staffId = await invitations.accept(request.body.token, await passwords.hash(request.body.password), app.now());
      const found = staffId === null ? null : await members.find(staffId);
      if (!found) {
        request.log.info({ event: 'staff.invitation_failed' }, 'staff invitation refused');
        throw new HttpError(422, ERROR_MESSAGES.invalid, { token: [STAFF_MESSAGES.invalidInvitation] });
      }
      return signIn(app, request, found.member, found.company, 'invitation');
    },
  );

  app.get(
    '/staff/auth/invitation/brand',
    {
      config: { public: true },
      schema: {
        tags: ['staff'],
        operationId: 'getStaffInvitationBrand',
        summary: 'The brand of the company a staff invitation link is for',
        description:
          "Public, for the invitation's page: the company's name, colour and logo (absolute URL) while the link could still be " +
          'accepted; 404 for a link that is malformed, unknown, used, ended, expired or of a deactivated member, alike. Spends nothing. ' +
          'Limited per IP as the theme lookup is: 60 a minute, then 429 with Retry-After.',
        querystring: z.object({ token: LinkTokenSchema }),
        response: { 200: CompanyThemeSchema, 400: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      await enforceLimit(app, request, 'invitationBrandPerIp', request.ip);
      const company = await invitations.company(request.query.token, app.now());
      if (!company) throw notFound();
      return { name: company.name, color: hexColorOrNull(company.color), logo_url: absoluteUrl(options.publicUrl, company.logo_url) };
    },
  );
}

/** A sign-in link emailed to the address (docs/decisions/011-passwordless-sign-in.md). */
async function linkRoutes(fastify: FastifyInstance, options: AuthRoutesOptions, loginTokens: LoginTokens) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const members = staffMembersRepository(app.database.db);

  app.post(
    '/staff/auth/passwordless',
    {
      config: { public: true },
      schema: {
        tags: ['staff'],
        operationId: 'staffRequestSignInLink',
        summary: 'Email a sign-in link to the staff console',
        description:
          'Always 202 with the same message, whether or not a member of staff has the address. The link opens ' +
          '`/staff/passwordless?token=…`, works once for 15 minutes, and a new request voids the older ones. ' +
          'Limits as the portal: 5 an hour per address, 20 an hour per IP, then 429 with Retry-After.',
        body: StaffPasswordlessRequestSchema,
        response: { 202: PasswordlessRequestResponseSchema, ...Refused },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await enforceLimit(app, request, 'passwordlessPerIp', request.ip);
      await enforceLimit(app, request, 'passwordlessPerEmail', `staff:${email}`);
      const [first] = await members.activeByEmail(email);
      // A token for an unknown address too, and the email composed after the answer: the same work and time either way.
      const issued = await loginTokens.issue(email, null, app.now());
      if (first) {
        const { member, company } = first;
        app.mailer.sendAfterAnswer(
          reply.raw,
          () =>
            passwordlessEmail({
              to: member.email ?? email,
              firstName: member.name.split(' ')[0] ?? null,
              link: staffPasswordlessLink(options.publicUrl, issued.token),
              brand: { code: '', companyName: company.name, color: company.color },
              console: true,
            }),
          request.log,
        );
      }
      request.log.info(
        { event: 'staff.passwordless_requested', staffId: first?.member.id ?? null, loginTokenId: issued.tokenId },
        'staff sign-in email requested',
      );
      return reply.status(202).send({ message: STAFF_MESSAGES.passwordlessSent });
    },
  );

  app.post(
    '/staff/auth/passwordless/verify',
    {
      config: { public: true },
      schema: {
        tags: ['staff'],
        operationId: 'staffSignInWithLink',
        summary: 'Sign in to the staff console with the emailed link',
        description:
          'Answers like a password sign-in (a staff session), or 422. Single use. The member signed in is the oldest active ' +
          'membership of the address. Counts against the 10 sign-ins a minute per IP.',
        body: StaffPasswordlessVerifySchema,
        response: { 200: StaffSignedInSchema, ...Refused },
      },
    },
    async (request) => {
      await enforceLimit(app, request, 'signInPerIp', request.ip);
      const consumed = await loginTokens.consumeLink(request.body.token, app.now());
      const [found] = consumed?.email ? await members.activeByEmail(consumed.email) : [];
      if (!found) {
        request.log.info({ event: 'staff.sign_in_failed', method: 'link', loginTokenId: consumed?.tokenId ?? null }, 'staff sign-in failed');
        throw new HttpError(422, AUTH_MESSAGES.invalidLink, { token: [AUTH_MESSAGES.invalidLink] });
      }
      return signIn(app, request, found.member, found.company, 'link');
    },
  );
}

/** The member signed in, and signing out. */
async function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/staff/auth/me',
    {
      config: { staff: true },
      schema: {
        tags: ['staff'],
        operationId: 'getSignedInStaff',
        summary: 'The signed-in staff member and their company',
        response: { 200: StaffMemberSchema, ...SignedIn },
      },
    },
    async (request) => staffMember(requireStaff(request)),
  );

  app.post(
    '/staff/auth/logout',
    {
      config: { staff: true },
      schema: { tags: ['staff'], operationId: 'staffSignOut', summary: 'Sign out of the console on this device', response: { 204: NoContent, ...SignedIn } },
    },
    async (request, reply) => {
      await app.staffSessions.revoke(requireStaff(request).sessionId, app.now());
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/staff/auth/sessions',
    {
      config: { staff: true },
      schema: {
        tags: ['staff'],
        operationId: 'staffSignOutEverywhere',
        summary: 'Sign out of the console everywhere, this device included',
        response: { 204: NoContent, ...SignedIn },
      },
    },
    async (request, reply) => {
      const member = requireStaff(request);
      const ended = await app.staffSessions.revokeAll(member.id, app.now());
      // Their previews of the portal are theirs too.
      await app.sessions.revokePreviewsBy(member.id, app.now());
      request.log.info({ event: 'staff.signed_out_everywhere', staffId: member.id, sessions: ended }, 'staff signed out everywhere');
      return reply.status(204).send(null);
    },
  );
}
