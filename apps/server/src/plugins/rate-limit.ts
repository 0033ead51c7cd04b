import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseRateLimiter } from '../core/rate-limit-store';
import type { Db } from '../db/client';
import { RateLimiter, type RateLimitStore } from '../lib/rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The limiter every route shares; keys are namespaced by their callers. */
    rateLimiter: RateLimitStore;
  }
}

/**
 * Decorates `app.rateLimiter`, measured by the app's clock (`app.now`): in the
 * database when one is given (PostgreSQL), else in memory (PGlite allows one process anyway).
 */
export const rateLimiterPlugin = fp(
  async (app: FastifyInstance, options: { multiplier?: number; db?: Db | undefined }) => {
    const clock = () => app.now();
    app.decorate(
      'rateLimiter',
      options.db
        ? databaseRateLimiter(options.db, { now: clock, multiplier: options.multiplier })
        : new RateLimiter({ now: clock, multiplier: options.multiplier }),
    );
  },
  { name: 'rate-limiter', dependencies: ['clock'] },
);
