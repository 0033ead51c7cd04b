import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { offlineFeed, openChangeFeed, type ChangeFeed } from '../lib/change-feed';
import { responseCache, type ResponseCache } from '../lib/response-cache';
import { SIGNED_URL_WINDOW_SECONDS } from '../lib/signed-urls';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the database says changed; the caches follow it. */
    changes: ChangeFeed;
    /** Cached answers of the hot per-user reads (entities, companies). */
    responses: ResponseCache;
  }
}

/**
 * The tables the cached answers are made of: entities with their projects, statuses, accounts,
 * reps, companies, themes and cover photos; the invoices a project's money comes from, and the
 * notes and documents of its latest activity. Migrations 0007 and 0009 put a trigger on each.
 */
export const CACHED_ANSWER_TABLES = [
  'portal_entities',
  'projects',
  'project_statuses',
  'accounts',
  'staff',
  'companies',
  'portal_themes',
  'albums',
  'photos',
  'files',
  'invoices',
  'notes',
  'documents',
] as const;

const WINDOW_MS = SIGNED_URL_WINDOW_SECONDS * 1000;

/** Opens the change feed (unless the caches are off) and the response cache built on it. */
export const changesPlugin = fp(
  async (app: FastifyInstance, options: { cacheMegabytes: number; now?: () => Date }) => {
    const feed = options.cacheMegabytes > 0 ? await openChangeFeed(app.database) : offlineFeed;
    app.addHook('onClose', () => feed.close());
    app.decorate('changes', feed);
    app.decorate(
      'responses',
      responseCache({
        maxBytes: Math.round(options.cacheMegabytes * 1024 * 1024),
        feed,
        tables: CACHED_ANSWER_TABLES,
        now: options.now ?? (() => new Date()),
        // Cover photos carry signed URLs that change when their window rolls over.
        expiresAt: (now) => (Math.floor(now.getTime() / WINDOW_MS) + 1) * WINDOW_MS,
      }),
    );
  },
  { name: 'changes', dependencies: ['db'] },
);
