import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from './change-feed';

const JSON_TYPE = 'application/json; charset=utf-8';
/** A URL longer than this is answered but not kept: valid queries are far shorter, and keys count against the budget. */
const MAX_KEY_LENGTH = 1024;
/** What an entry costs besides its body and key (the map slot, the object, the numbers). */
const ENTRY_OVERHEAD = 100;

export interface ResponseCacheOptions {
  /** The most the cached bodies may take together, in bytes; 0 turns the cache off. */
  maxBytes: number;
  feed: ChangeFeed;
  /** The tables the cached answers are read from: a write to any of them empties the cache. */
  tables: readonly string[];
  now: () => Date;
  /** When an answer made now stops being the answer (its signed URLs roll over), in ms since the epoch. */
  expiresAt: (now: Date) => number;
}

interface Entry {
  body: Buffer;
  expiresAt: number;
  /** Body, key and overhead: what the entry counts against maxBytes. */
  cost: number;
}

/**
 * Answers of hot, per-user reads kept as the bytes sent (docs/decisions/025-response-and-session-caches.md).
 * The key is the signed-in user and the URL as sent, so a hit skips validation, the database and
 * serialization alike; only a URL that once answered 200 is ever a key. An entry serves only while
 * the change feed is live, until the database says one of `tables` changed, and never past
 * `expiresAt`.
 */
export function responseCache(options: ResponseCacheOptions) {
  const tables = new Set(options.tables);
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  /** Answers served from memory: what the tests watch. */
  const stats = { hits: 0 };
  const enabled = options.maxBytes > 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.cost;
  };

  options.feed.subscribe((change) => {
    if (change && !tables.has(change.table)) return;
    generation++;
    entries.clear();
    bytes = 0;
  });

  const keyOf = (request: FastifyRequest) =>
    request.portalUser && request.url.length <= MAX_KEY_LENGTH ? `${request.portalUser.id} ${request.url}` : null;

  return {
    stats,

    /** A route's onRequest hook (after authentication): answers from the cache when it can. */
    async serve(request: FastifyRequest, reply: FastifyReply) {
      if (!enabled || !options.feed.live || request.method !== 'GET') return;
      const key = keyOf(request);
      const entry = key ? entries.get(key) : undefined;
      if (!key || !entry) return;
      if (entry.expiresAt <= options.now().getTime()) {
        remove(key);
        return;
      }
      // Most recently used last: eviction takes from the front.
      entries.delete(key);
      entries.set(key, entry);
      stats.hits++;
      return reply.type(JSON_TYPE).send(entry.body);
    },

    /**
     * Called before a handler reads the database; `send` then answers the value and keeps its bytes,
     * unless something changed in between.
     */
    begin(request: FastifyRequest) {
      const mark = generation;
      const key = keyOf(request);
      return {
        send(reply: FastifyReply, value: unknown) {
          const body = Buffer.from(JSON.stringify(value));
          const cost = key ? body.length + key.length * 2 + ENTRY_OVERHEAD : 0;
          if (enabled && key && options.feed.live && mark === generation && cost <= options.maxBytes / 4) {
            remove(key);
            entries.set(key, { body, expiresAt: options.expiresAt(options.now()), cost });
            bytes += cost;
            while (bytes > options.maxBytes) remove(entries.keys().next().value!);
          }
          return reply.type(JSON_TYPE).send(body);
        },
      };
    },
  };
}
export type ResponseCache = ReturnType<typeof responseCache>;
