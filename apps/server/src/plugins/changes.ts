import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openChangeFeed, type ChangeFeed } from '../core/cache/change-feed';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the database says changed; the session cache follows it. */
    changes: ChangeFeed;
  }
}

/** Opens the change feed the session cache follows (docs/decisions/025-response-and-session-caches.md). */
export const changesPlugin = fp(
  async (app: FastifyInstance) => {
    const feed = await openChangeFeed(app.database);
    app.addHook('onClose', () => feed.close());
    app.decorate('changes', feed);
    // On PostgreSQL a write's notification reaches the session cache after the write returns: the caller's next
    // request (a renamed user, a session revoked by a CRM) must not meet the cached session from before it.
    app.addHook('onSend', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && feed.live) await feed.settled();
    });
  },
  { name: 'changes', dependencies: ['db', 'clock'] },
);
