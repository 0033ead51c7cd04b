import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../lib/http-errors';
import { sessionsRepository, type AuthenticatedUser, type SessionsRepository } from '../modules/auth/sessions.repository';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsRepository;
    /** The clock every expiry is measured by; tests move it. */
    now: () => Date;
  }
  interface FastifyRequest {
    portalUser: AuthenticatedUser | null;
  }
  interface FastifyContextConfig {
    /** Declares a route open to anyone. Every other /api route needs a valid bearer token. */
    public?: boolean;
    /**
     * Declares a route of the company integration API: authenticated by a company's API key
     * (modules/integration), never by a portal user's session.
     */
    apiKey?: boolean;
  }
}

const DAY_MS = 86_400_000;

/** The bearer token of the Authorization header: the only place a token is accepted. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer (.*)$/i.exec(header);
  return match ? match[1]!.trim() : null;
}

/** The signed-in portal user of a route that is not public. */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.portalUser) throw unauthenticated();
  return request.portalUser;
}

/**
 * Authenticates every route of the scope it is registered in, except those whose config says
 * `public: true`. Routes are protected unless they say otherwise, never by a URL prefix.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { idleDays: number; absoluteDays: number; now?: () => Date }) => {
    app.decorate('now', options.now ?? (() => new Date()));
    app.decorate(
      'sessions',
      sessionsRepository(app.database.db, { idleMs: options.idleDays * DAY_MS, absoluteMs: options.absoluteDays * DAY_MS }, app.changes),
    );
    app.decorateRequest('portalUser', null);
  },
  { name: 'auth', dependencies: ['db', 'changes'] },
);

/** The hook that guards a scope of routes; registered on the /api scope. */
export async function authenticate(this: FastifyInstance, request: FastifyRequest) {
  if (request.routeOptions.config.public || request.routeOptions.config.apiKey) return;
  const token = bearerToken(request);
  const user = token ? await this.sessions.authenticate(token, this.now()) : null;
  if (!user) {
    request.log.info({ event: 'auth.rejected', reason: token ? 'invalid-token' : 'no-token' }, 'unauthenticated request');
    throw unauthenticated();
  }
  request.portalUser = user;
}
