import { ERROR_MESSAGES, INVITATION_TTL_DAYS, LOGIN_CODE_MAX_ATTEMPTS, PASSWORD_RESET_TTL_MINUTES, type IntegrationPortalUser } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireApiCompany } from '../../core/access/request';
import { HttpError, invalid, notFound } from '../../lib/http-errors';
import { paginate, pageUrls } from '../../lib/pagination';
import { loadSecret } from '../../lib/secret-file';
import { apiTimestamp } from '../../lib/timestamps';
import { signIn, type AuthRoutesOptions } from './auth.routes';
import { customersRepository, type CustomerRow } from './customers.repository';
import { invitationEmail, invitationLink } from './invitation-email';
import { enforceLimit } from './limits';
import { loginTokensRepository } from './login-tokens.repository';
import { usersRepository } from './users.repository';
import * as schemas from './customers.company-schemas';

const DAY_MS = 86_400_000;
const INVALID_INVITATION = 'This invitation link has expired or was already used. Sign in with your email address instead.';

/**
 * A company's customers and what it shares with them (docs/company-api.md, "Customers and sharing"), and the
 * customer's side of an invitation: a single-use link, valid seven days, that signs them in and offers a password.
 */
export async function customersCompanyRoutes(fastify: FastifyInstance, options: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const customers = customersRepository(db);
  const users = usersRepository(db);
  const codeKey = await loadSecret({ secret: options.authSecret, dataDir: options.dataDir, name: 'auth-secret' });
  // One live invitation per person and company: a resend voids the company's older links, never another company's.
  const invitations = loginTokensRepository(db, {
    purpose: 'invitation',
    supersede: 'user',
    ttlMs: INVITATION_TTL_DAYS * DAY_MS,
    maxCodeAttempts: LOGIN_CODE_MAX_ATTEMPTS,
    codeKey,
  });
  const passwordTokens = loginTokensRepository(db, {
    purpose: 'password_reset',
    ttlMs: PASSWORD_RESET_TTL_MINUTES * 60_000,
    maxCodeAttempts: LOGIN_CODE_MAX_ATTEMPTS,
    codeKey,
  });

  const time = (date: Date | null) => (date ? apiTimestamp(date) : null);
  // The company's own record of the person, never their account's (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
  const serialize = ({ user, link }: CustomerRow): IntegrationPortalUser => ({
    id: user.id,
    email: user.email,
    first_name: link.first_name,
    last_name: link.last_name,
    invited_at: time(link.invited_at),
    last_sign_in_at: time(link.last_sign_in_at),
    deactivated_at: time(link.deactivated_at),
    activated_at: time(link.activated_at),
    created_at: apiTimestamp(link.created_at),
    updated_at: apiTimestamp(link.updated_at),
  });
  const sharedWith = (user: { id: number; email: string }, link: { first_name: string | null; last_name: string | null } | null) => ({
    id: user.id,
    email: user.email,
    first_name: link?.first_name ?? null,
    last_name: link?.last_name ?? null,
  });
  const customer = async (companyId: number, userId: number) => {
    const row = await customers.find(companyId, userId);
    if (!row) throw notFound();
    return row;
  };
  const read = { apiKey: true, scope: 'portal_users:read' } as const;
  const write = { apiKey: true, scope: 'portal_users:write' } as const;

  app.get(
    '/integration/portal-users',
    {
      config: read,
      schema: schemas.listPortalUsers,
      preValidation: schemas.customersQuery.preValidation,
    },
    async (request) => {
      const company = requireApiCompany(request);
      const { filters, sort, page } = schemas.customersQuery.from(request);
      const { rows, total } = await customers.list(company.id, { updatedSince: filters.updated_since?.[0], emails: filters.email, sort, page });
      return paginate(rows.map(serialize), total, page, pageUrls(options.publicUrl, request.url));
    },
  );

  app.get('/integration/portal-users/:id', { config: read, schema: schemas.getPortalUser }, async (request) =>
    serialize(await customer(requireApiCompany(request).id, request.params.id)),
  );

  app.post('/integration/portal-users', { config: write, schema: schemas.createPortalUser }, async (request, reply) => {
    const company = requireApiCompany(request);
    const { userId, created } = await customers.link(company.id, request.body, app.now());
    return reply.status(created ? 201 : 200).send(serialize(await customer(company.id, userId)));
  });

  app.patch('/integration/portal-users/:id', { config: write, schema: schemas.updatePortalUser }, async (request) => {
    const company = requireApiCompany(request);
    await customer(company.id, request.params.id);
    const names = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
    await customers.rename(company.id, request.params.id, names, app.now());
    return serialize(await customer(company.id, request.params.id));
  });

  for (const action of ['invite', 'resend'] as const) {
    app.post(`/integration/portal-users/:id/${action}`, { config: write, schema: schemas.sendPortalUserInvitation(action) }, async (request) => {
      const company = requireApiCompany(request);
      const found = await customer(company.id, request.params.id);
      if (found.link.deactivated_at)
        throw new HttpError(409, 'This customer is deactivated: add them again (POST /integration/portal-users) before inviting them.');
      const now = app.now();
      const issued = await invitations.issue(found.user.email, found.user.id, now, company.id);
      await customers.markInvited(company.id, found.user.id, now);
      const theme = await users.themeOfCompany(company.id);
      app.mailer.sendInBackground(
        () =>
          invitationEmail({
            to: found.user.email,
            firstName: found.link.first_name,
            link: invitationLink(options.publicUrl, issued.token, theme),
            company: { name: company.name, color: company.color, contactEmail: company.contact_email },
          }),
        request.log,
      );
      request.log.info({ event: 'customers.invited', companyId: company.id, userId: found.user.id, loginTokenId: issued.tokenId }, 'invitation sent');
      return { portal_user: serialize(await customer(company.id, found.user.id)), expires_at: apiTimestamp(issued.expiresAt) };
    });
  }

  app.post('/integration/portal-users/:id/deactivate', { config: write, schema: schemas.deactivatePortalUser }, async (request) => {
    const company = requireApiCompany(request);
    await customer(company.id, request.params.id);
    await customers.deactivate(company.id, request.params.id, app.now());
    return serialize(await customer(company.id, request.params.id));
  });

  app.post('/integration/portal-users/:id/erase', { config: write, schema: schemas.erasePortalUser }, async (request) => {
    const company = requireApiCompany(request);
    await customer(company.id, request.params.id);
    const outcome = await customers.erase(company.id, request.params.id, app.now());
    request.log.info({ event: 'customers.erased', companyId: company.id, userId: request.params.id, outcome }, 'customer erased');
    return { outcome };
  });

  // Sharing.
  const shareRead = { apiKey: true, scope: 'sharing:read' } as const;
  const shareWrite = { apiKey: true, scope: 'sharing:write' } as const;
  const project = async (companyId: number, id: number) => {
    const row = await customers.project(companyId, id);
    if (!row) throw notFound();
    return row;
  };

  app.get('/integration/projects/:id/shares', { config: shareRead, schema: schemas.listProjectShares }, async (request) => {
    const company = requireApiCompany(request);
    await project(company.id, request.params.id);
    const rows = await customers.shares(company.id, request.params.id);
    return {
      data: rows.map((row) => ({
        id: row.entity.id,
        project_id: row.entity.model_id,
        portal_user: sharedWith(row.user, row.link),
        last_sign_in_at: time(row.link?.last_sign_in_at ?? null),
        created_at: apiTimestamp(row.entity.created_at),
      })),
    };
  });

  app.post('/integration/projects/:id/shares', { config: shareWrite, schema: schemas.shareProject }, async (request) => {
    const company = requireApiCompany(request);
    const row = await project(company.id, request.params.id);
    const userId = request.body.portal_user_id;
    if (!(await customers.isActiveCustomer(company.id, userId))) {
      throw invalid({ portal_user_id: ["The portal user must be one of the company's active customers (POST /integration/portal-users)."] });
    }
    const entity = await customers.share(company.id, row.id, userId, app.now());
    const person = await customer(company.id, userId);
    return {
      id: entity.id,
      project_id: row.id,
      portal_user: sharedWith(person.user, person.link),
      last_sign_in_at: time(person.link.last_sign_in_at),
      created_at: apiTimestamp(entity.created_at),
    };
  });

  app.delete('/integration/projects/:id/shares/:portalUserId', { config: shareWrite, schema: schemas.unshareProject }, async (request, reply) => {
    const company = requireApiCompany(request);
    await project(company.id, request.params.id);
    if (!(await customers.unshare(company.id, request.params.id, request.params.portalUserId))) throw notFound();
    // The customer's very next request is refused: no answer cached before the unshare outlives it here.
    return reply.status(204).send(null);
  });

  // The customer's side: the link in the invitation.
  app.post('/auth/invitation', { config: { public: true }, schema: schemas.acceptInvitation }, async (request) => {
    await enforceLimit(app, request, 'signInPerIp', request.ip);
    const now = app.now();
    const consumed = await invitations.consumeLink(request.body.token, now);
    const user = consumed?.userId ? await users.findById(consumed.userId) : null;
    if (!user) {
      request.log.info({ event: 'auth.invitation_failed', loginTokenId: consumed?.tokenId ?? null }, 'invitation link refused');
      throw new HttpError(422, ERROR_MESSAGES.invalid, { token: [INVALID_INVITATION] });
    }
    const session = await signIn(app, request, user, 'invitation', consumed?.companyId ?? null);
    const passwordToken = user.password_hash === null ? (await passwordTokens.issue(user.email, user.id, now)).token : null;
    return {
      token: session.token,
      user: { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name },
      password_token: passwordToken,
    };
  });
}
