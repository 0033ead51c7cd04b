import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from './change-feed';
import { scopeTag, type CacheScope } from './tables';

const JSON_TYPE = 'application/json; charset=utf-8';
/** A URL longer than this is answered but not kept: valid queries are far shorter, and keys count against the budget. */
const MAX_KEY_LENGTH = 1024;
/** What an entry costs besides its body and key (the map slot, the object, the numbers). */
const ENTRY_OVERHEAD = 100;

export interface ResponseCacheOptions {
  /** The most the cached bodies may take together, in bytes; 0 turns the cache off. */
  maxBytes: number;
  feed: ChangeFeed;
  /** The tables the cached answers are read from, each with the scope its rows' notifications name. */
  tables: Readonly<Record<string, { scope: CacheScope }>>;
  now: () => Date;
  /** When an answer made now stops being the answer (its signed URLs roll over), in ms since the epoch. */
  expiresAt: (now: Date) => number;
}

interface Entry {
  body: Buffer;
  expiresAt: number;
  /** Body, key and overhead: what the entry counts against maxBytes. */
  cost: number;
  /** The scopes the answer shows (`user:4`, `company:1`, `project:17`): a write to any of them drops it. */
  tags: readonly string[];
}

/**
 * Answers of hot, per-user reads kept as the bytes sent (docs/decisions/025-response-and-session-caches.md).
 * The key is the signed-in session (its answers carry file links signed for it, docs/decisions/062-file-links-checked-at-use.md)
 * and the URL as sent, so a hit skips validation, the database and
 * serialization alike; only a URL that once answered 200 is ever a key. An entry serves only while
 * the change feed is live, until the database says a row of one of the scopes it shows changed,
 * and never past `expiresAt`.
 */
export function responseCache(options: ResponseCacheOptions) {
  const entries = new Map<string, Entry>();
  /** Which keys carry each tag, so a change finds the answers it touches without a scan. */
  const byTag = new Map<string, Set<string>>();
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
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };

  const clear = () => {
    entries.clear();
    byTag.clear();
    bytes = 0;
  };

  options.feed.subscribe((change) => {
    const table = change ? options.tables[change.table] : undefined;
    if (change && !table) return;
    // Any relevant change, however narrow: a read already under way may have seen either side of it.
    generation++;
    if (!change || !table || change.id === null) return clear();
    for (const key of [...(byTag.get(scopeTag(table.scope, change.id)) ?? [])]) remove(key);
  });

  const keyOf = (request: FastifyRequest) =>
    request.portalUser && request.url.length <= MAX_KEY_LENGTH ? `${request.portalUser.sessionId} ${request.url}` : null;

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
        /** `tags`: every scope the answer shows (scopeTag); a write to a row of any of them drops it. */
        send(reply: FastifyReply, value: unknown, tags: readonly string[]) {
          const body = Buffer.from(JSON.stringify(value));
          const cost = key ? body.length + key.length * 2 + ENTRY_OVERHEAD : 0;
          if (enabled && key && options.feed.live && mark === generation && cost <= options.maxBytes / 4) {
            remove(key);
            entries.set(key, { body, expiresAt: options.expiresAt(options.now()), cost, tags });
            for (const tag of tags) {
              const keys = byTag.get(tag) ?? new Set<string>();
              keys.add(key);
              byTag.set(tag, keys);
            }
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
