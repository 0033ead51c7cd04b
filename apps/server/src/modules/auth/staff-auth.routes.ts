import {
  ApiErrorSchema,
  ERROR_MESSAGES,
  LoginRequestSchema,
  STAFF_MESSAGES,
  StaffInvitationAcceptSchema,
  StaffMemberSchema,
  StaffSignedInSchema,
  type StaffMember,
} from '@portal/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, type AuthenticatedStaff } from '../../core/access/request';
import { staffInvitationsRepository } from '../../core/access/staff-invitations';
import { companies, staff } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { INVALID_CREDENTIALS } from './auth.routes';
import { enforceLimit } from './limits';
import { dummyPasswordHash, passwords } from './password';

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

/**
 * Signing in to the staff console (docs/staff-console.md): password, or an owner's invitation link that sets one.
 * The same limits as the portal's sign-in; sessions are staff sessions, which no portal route accepts.
 */
export async function staffAuthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const invitations = staffInvitationsRepository(db);
  await dummyPasswordHash();

  /** Active members with this email, in every company, oldest first, with their company. */
  const membersByEmail = (email: string) =>
    db
      .select({ member: staff, company: companies })
      .from(staff)
      .innerJoin(companies, eq(companies.id, staff.company_id))
      .where(and(sql`lower(${staff.email}) = ${email.toLowerCase()}`, isNull(staff.deactivated_at)))
      .orderBy(asc(staff.id));

  async function signIn(request: FastifyRequest, member: typeof staff.$inferSelect, company: typeof companies.$inferSelect, method: string) {
    const { token, sessionId } = await app.staffSessions.create(member.id, { userAgent: request.headers['user-agent'], ip: request.ip, now: app.now() });
    request.log.info({ event: 'staff.sign_in', method, staffId: member.id, companyId: company.id, sessionId }, 'staff signed in');
    return { token, staff: staffMember({ id: member.id, name: member.name, email: member.email ?? '', role: member.role, company }) };
  }

  app.post(
    '/staff/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['staff'],
        operationId: 'staffSignIn',
        summary: 'Sign in to the staff console with email and password',
        description:
          'Answers a staff session token, which only the console\'s routes accept. Wrong password and unknown address give the same 422. ' +
          'Limits as the portal: 10 sign-ins a minute per IP, 20 an hour per address, then 429 with Retry-After. Someone on the staff ' +
          'of several companies signs in to the one whose password they give (the oldest membership first).',
        body: LoginRequestSchema,
        response: { 200: StaffSignedInSchema, ...Refused },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      await enforceLimit(app, request, 'signInPerIp', request.ip);
      await enforceLimit(app, request, 'signInPerAccount', `staff:${email}`);
      const members = await membersByEmail(email);
      for (const { member, company } of members) {
        if (member.password_hash && (await passwords.verify(member.password_hash, password))) return signIn(request, member, company, 'password');
      }
      // The same hashing work whether or not anyone has this address, so timing tells nothing.
      if (!members.some(({ member }) => member.password_hash)) await passwords.verify(await dummyPasswordHash(), password);
      request.log.info({ event: 'staff.sign_in_failed', method: 'password', staffIds: members.map(({ member }) => member.id) }, 'staff sign-in failed');
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
      const staffId = await invitations.accept(request.body.token, await passwords.hash(request.body.password), app.now());
      const [found] = staffId === null ? [] : await db.select({ member: staff, company: companies }).from(staff).innerJoin(companies, eq(companies.id, staff.company_id)).where(eq(staff.id, staffId));
      if (!found) {
        request.log.info({ event: 'staff.invitation_failed' }, 'staff invitation refused');
        throw new HttpError(422, ERROR_MESSAGES.invalid, { token: [STAFF_MESSAGES.invalidInvitation] });
      }
      return signIn(request, found.member, found.company, 'invitation');
    },
  );

  app.get(
    '/staff/auth/me',
    { config: { staff: true }, schema: { tags: ['staff'], operationId: 'getSignedInStaff', summary: 'The signed-in staff member and their company', response: { 200: StaffMemberSchema, ...SignedIn } } },
    async (request) => staffMember(requireStaff(request)),
  );

  app.post(
    '/staff/auth/logout',
    { config: { staff: true }, schema: { tags: ['staff'], operationId: 'staffSignOut', summary: 'Sign out of the console on this device', response: { 204: NoContent, ...SignedIn } } },
    async (request, reply) => {
      await app.staffSessions.revoke(requireStaff(request).sessionId, app.now());
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/staff/auth/sessions',
    {
      config: { staff: true },
      schema: { tags: ['staff'], operationId: 'staffSignOutEverywhere', summary: 'Sign out of the console everywhere, this device included', response: { 204: NoContent, ...SignedIn } },
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
