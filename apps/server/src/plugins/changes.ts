import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { offlineFeed, openChangeFeed, type ChangeFeed } from '../core/cache/change-feed';
import { responseCache, type ResponseCache } from '../core/cache/response-cache';
import { SIGNED_URL_WINDOW_SECONDS } from '../lib/signed-urls';
import { CACHED_ANSWER_TABLES } from '../core/cache/tables';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the database says changed; the caches follow it. */
    changes: ChangeFeed;
    /** Cached answers of the hot per-user reads (entities, companies). */
    responses: ResponseCache;
  }
}

const WINDOW_MS = SIGNED_URL_WINDOW_SECONDS * 1000;

/** Opens the change feed (unless the caches are off) and the response cache built on it. */
export const changesPlugin = fp(
  async (app: FastifyInstance, options: { cacheMegabytes: number }) => {
    const feed = options.cacheMegabytes > 0 ? await openChangeFeed(app.database) : offlineFeed;
    app.addHook('onClose', () => feed.close());
    app.decorate('changes', feed);
    // On PostgreSQL a write's notification reaches the cache after the write returns: the caller's next request
    // (a CRM unsharing, then the customer reloading; a renamed project) must not meet the cached answer from before it.
    app.addHook('onSend', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && feed.live) await feed.settled();
    });
    app.decorate(
      'responses',
      responseCache({
        maxBytes: Math.round(options.cacheMegabytes * 1024 * 1024),
        feed,
        tables: CACHED_ANSWER_TABLES,
        now: () => app.now(),
        // Cover photos carry signed URLs that change when their window rolls over.
        expiresAt: (now) => (Math.floor(now.getTime() / WINDOW_MS) + 1) * WINDOW_MS,
      }),
    );
  },
  { name: 'changes', dependencies: ['db', 'clock'] },
);
