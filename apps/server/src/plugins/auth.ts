import { PREVIEW_READ_ONLY_MESSAGE, STAFF_ROLE_SCOPES } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessRepository } from '../core/access/projects';
import { deviceTokens } from '../core/access/device-tokens';
import { bearerToken } from '../core/access/request';
import { HttpError, missingScope, unauthenticated } from '../lib/http-errors';
import { operatorToken, sameDigest, sha256 } from '../lib/tokens';
import { apiKeysRepository, parseApiKey } from '../modules/integration/api-keys.repository';
import { sessionsRepository, type SessionsRepository } from '../modules/auth/sessions.repository';
import { staffSessionsRepository, type StaffSessionsRepository } from '../modules/auth/staff-sessions.repository';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsRepository;
    staffSessions: StaffSessionsRepository;
  }
}

const DAY_MS = 86_400_000;
const OWNERS_ONLY = 'Only an owner of the company may do this.';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who is calling: a portal user's session, a staff member's console session (routes that say `staff`), or a
 * company's API key on the integration API (docs/decisions/021-integration-api-keys.md). Routes are protected unless their config says
 * `public: true`, never by a URL prefix; a session token is refused on an API-key route and an
 * API key everywhere else.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { idleDays: number; absoluteDays: number; operatorSecret: Buffer; authSecret: Buffer }) => {
    const operatorDigest = sha256(operatorToken(options.operatorSecret));
    const { db } = app.database;
    app.decorate('sessions', sessionsRepository(db, { idleMs: options.idleDays * DAY_MS, absoluteMs: options.absoluteDays * DAY_MS }, app.changes));
    app.decorate('staffSessions', staffSessionsRepository(db, { idleMs: options.idleDays * DAY_MS, absoluteMs: options.absoluteDays * DAY_MS }));
    app.decorate('access', accessRepository(db));
    app.decorate('deviceTokens', deviceTokens(options.authSecret));
    const keys = apiKeysRepository(db);
    app.decorateRequest('portalUser', null);
    app.decorateRequest('integration', null);
    app.decorateRequest('staffMember', null);

    // A route of the integration API that forgot to declare itself must not fall through to the session check.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/integration/') && !route.config?.apiKey) {
        throw new Error(`${route.method} ${route.url} is an integration route without config.apiKey`);
      }
      if (route.config?.apiKey && !route.config.scope) {
        throw new Error(`${route.method} ${route.url} is an integration route without config.scope`);
      }
    });

    /** The hook that guards a scope of routes; registered on the /api scope. */
    app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const config = request.routeOptions.config;
      if (config.public) return;
      const token = bearerToken(request);
      if (config.operator) {
        if (!token || !sameDigest(sha256(token), operatorDigest)) {
          request.log.info({ event: 'operator.rejected' }, 'operator call without the operator secret');
          throw unauthenticated();
        }
        return;
      }
      if (config.apiKey) {
        // The company side's routes: a company's API key, or a staff member's console session on the very same routes
        // and rules, with the scopes of their role (docs/staff-console.md). Which one, the token's shape says.
        if (token && parseApiKey(token) === null) {
          const member = await app.staffSessions.authenticate(token, app.now());
          if (member) {
            if (!(STAFF_ROLE_SCOPES[member.role] as readonly string[]).includes(config.scope!)) {
              request.log.info({ event: 'integration.forbidden', staffId: member.id, scope: config.scope }, 'staff role lacks the scope of the route');
              throw new HttpError(403, OWNERS_ONLY);
            }
            request.staffMember = member;
            request.integration = { keyId: null, staffId: member.id, company: member.company, scopes: new Set(STAFF_ROLE_SCOPES[member.role]) };
            return;
          }
        }
        const found = token ? await keys.authenticate(token, app.now()) : null;
        if (!found) {
          request.log.info({ event: 'integration.rejected', reason: token ? 'invalid-key' : 'no-key' }, 'integration call without a valid API key');
          throw unauthenticated();
        }
        if (!found.scopes.has(config.scope!)) {
          request.log.info({ event: 'integration.forbidden', keyId: found.keyId, scope: config.scope }, 'API key lacks the scope of the route');
          throw missingScope(config.scope!);
        }
        request.integration = { ...found, staffId: null };
        return;
      }
      if (config.staff) {
        const member = token ? await app.staffSessions.authenticate(token, app.now()) : null;
        if (!member) {
          request.log.info({ event: 'staff.rejected', reason: token ? 'invalid-token' : 'no-token' }, 'staff route without a staff session');
          throw unauthenticated();
        }
        if (config.staff === 'owner' && member.role !== 'owner') throw new HttpError(403, OWNERS_ONLY);
        request.staffMember = member;
        return;
      }
      const user = token ? await app.sessions.authenticate(token, app.now()) : null;
      if (!user) {
        request.log.info({ event: 'auth.rejected', reason: token ? 'invalid-token' : 'no-token' }, 'unauthenticated request');
        throw unauthenticated();
      }
      // A staff member's preview of the portal reads as the customer and writes nothing, whatever the route: one gate
      // here rather than a check in each write route (docs/decisions/051-preview-as-customer.md).
      if (user.preview && !READ_METHODS.has(request.method) && !config.allowInPreview) {
        request.log.info(
          { event: 'preview.write_refused', userId: user.id, staffId: user.preview.staffId, sessionId: user.sessionId },
          'write refused in a preview',
        );
        throw new HttpError(403, PREVIEW_READ_ONLY_MESSAGE);
      }
      request.portalUser = user;
    });
  },
  { name: 'auth', dependencies: ['db', 'changes', 'clock'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}
