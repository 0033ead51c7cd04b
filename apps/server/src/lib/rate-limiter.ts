import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** At most `limit` hits in any `windowMs` (a sliding window). */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits still allowed in the window after this one. */
  remaining: number;
  /** Whole seconds until the next hit would be allowed; 0 when allowed. */
  retryAfterSeconds: number;
}

/** Counts hits: in memory (one process), or in the database (every process behind a load balancer). */
export interface RateLimitStore {
  /**
   * Counts one attempt under `key` and says whether it may go ahead. Callers namespace their keys
   * (`signin:ip:203.0.113.9`) so one rule never reads another's hits.
   */
  hit(key: string, rule: RateLimitRule, now?: Date | number): RateLimitResult | Promise<RateLimitResult>;
}

export interface RateLimiterOptions {
  /** Keys kept before the oldest are dropped, whatever their windows: memory stays bounded under a flood. */
  maxKeys?: number;
  /** The default clock of `hit()`; the app passes its own (`app.now`), so tests move one clock for everything. */
  now?: () => Date | number;
  /**
   * Multiplies every rule's limit (RATE_LIMIT_MULTIPLIER): for test suites that sign in more often than a person
   * would. 1 in production.
   */
  multiplier?: number;
}

interface Entry {
  /** Times of the allowed hits still inside the window, oldest first; never longer than the rule's limit. */
  hits: number[];
  windowMs: number;
}

const toMs = (time: Date | number) => (typeof time === 'number' ? time : time.getTime());

/**
 * A small in-memory sliding-window limiter. Each key keeps the times of its last `limit` allowed
 * hits, so a key costs at most `limit` numbers; refused hits are not recorded, so a client that
 * keeps hammering is let in again exactly when its oldest hit leaves the window.
 *
 * In memory means per process: the server uses it on PGlite (one process by construction); on
 * PostgreSQL it counts in the database instead (databaseRateLimiter, decision 010).
 */
export class RateLimiter implements RateLimitStore {
  private readonly entries = new Map<string, Entry>();
  private readonly maxKeys: number;
  private readonly clock: () => Date | number;
  private readonly multiplier: number;
  private hitsSinceSweep = 0;

  constructor(options: RateLimiterOptions = {}) {
    this.maxKeys = options.maxKeys ?? 100_000;
    this.clock = options.now ?? Date.now;
    this.multiplier = Math.max(1, Math.floor(options.multiplier ?? 1));
  }

  /**
   * Counts one attempt under `key` and says whether it may go ahead. Callers namespace their keys
   * (`signin:ip:203.0.113.9`) so one rule never reads another's hits.
   */
  hit(key: string, rule: RateLimitRule, now: Date | number = this.clock()): RateLimitResult {
    const at = toMs(now);
    const limit = rule.limit * this.multiplier;
    this.maybeSweep(at);

    let entry = this.entries.get(key);
    if (!entry) {
      this.makeRoom(at);
      entry = { hits: [], windowMs: rule.windowMs };
      this.entries.set(key, entry);
    }
    entry.windowMs = rule.windowMs;
    const since = at - rule.windowMs;
    while (entry.hits.length > 0 && entry.hits[0]! <= since) entry.hits.shift();
    // A rule tightened since the last hit: only the newest `limit` hits matter.
    if (entry.hits.length > limit) entry.hits.splice(0, entry.hits.length - limit);

    if (entry.hits.length >= limit) {
      const retryAfterMs = entry.hits[0]! + rule.windowMs - at;
      return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    entry.hits.push(at);
    return { allowed: true, remaining: limit - entry.hits.length, retryAfterSeconds: 0 };
  }

  /** Forgets a key, e.g. after a success that should not count against the user. */
  reset(key: string): void {
    this.entries.delete(key);
  }

  /** Keys held right now (expired ones may linger until the next sweep). */
  get size(): number {
    return this.entries.size;
  }

  /** Drops every key whose hits have all left their window. */
  prune(now: Date | number = this.clock()): void {
    const at = toMs(now);
    for (const [key, entry] of this.entries) {
      const newest = entry.hits[entry.hits.length - 1];
      if (newest === undefined || newest <= at - entry.windowMs) this.entries.delete(key);
    }
  }

  private maybeSweep(at: number) {
    // Amortised: one full pass every 1,000 hits keeps the map to the keys active lately.
    if (++this.hitsSinceSweep < 1_000) return;
    this.hitsSinceSweep = 0;
    this.prune(at);
  }

  /** Frees a slot for one more key. */
  private makeRoom(at: number) {
    if (this.entries.size < this.maxKeys) return;
    this.prune(at);
    // Still full of live keys (a flood of distinct keys): drop the oldest inserted. Memory wins over
    // precision here; a dropped key merely starts counting again.
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}

const DAY_MS = 86_400_000;

/**
 * The same sliding window kept in the table `rate_limit_hits`, for PostgreSQL: every process counts
 * against the same limits. A transaction-scoped advisory lock on the key makes the check and the
 * insert one step, so two processes never both take the last hit. Refused hits are not recorded,
 * as in memory. Rows older than a day (every window is shorter) are swept every 1,000 hits.
 */
export function databaseRateLimiter(db: Db, options: Pick<RateLimiterOptions, 'now' | 'multiplier'> = {}): RateLimitStore {
  const clock = options.now ?? Date.now;
  const multiplier = Math.max(1, Math.floor(options.multiplier ?? 1));
  let hitsSinceSweep = 0;
  return {
    async hit(key, rule, now = clock()) {
      const at = toMs(now);
      const limit = rule.limit * multiplier;
      const result = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        // The newest `limit` hits inside the window: the last of them is the one that must leave it.
        const recent = await tx
          .select({ at: rateLimitHits.hit_at })
          .from(rateLimitHits)
          .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.hit_at, new Date(at - rule.windowMs))))
          .orderBy(desc(rateLimitHits.hit_at))
          .limit(limit);
        if (recent.length >= limit) {
          const retryAfterMs = recent[recent.length - 1]!.at.getTime() + rule.windowMs - at;
          return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
        }
        await tx.insert(rateLimitHits).values({ key, hit_at: new Date(at) });
        return { allowed: true, remaining: limit - recent.length - 1, retryAfterSeconds: 0 };
      });
      if (++hitsSinceSweep >= 1_000) {
        hitsSinceSweep = 0;
        await db.delete(rateLimitHits).where(lt(rateLimitHits.hit_at, new Date(at - DAY_MS)));
      }
      return result;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The limiter every route shares; keys are namespaced by their callers. */
    rateLimiter: RateLimitStore;
  }
}

/**
 * Decorates `app.rateLimiter`, measured by the app's own clock (`app.now`) when there is one: in the
 * database when one is given (PostgreSQL), else in memory (PGlite allows one process anyway).
 */
export const rateLimiterPlugin = fp(
  async (app: FastifyInstance, options: { maxKeys?: number; multiplier?: number; db?: Db | undefined }) => {
    const clock = () => (app.hasDecorator('now') ? app.now() : new Date());
    app.decorate(
      'rateLimiter',
      options.db
        ? databaseRateLimiter(options.db, { now: clock, multiplier: options.multiplier })
        : new RateLimiter({ maxKeys: options.maxKeys, now: clock, multiplier: options.multiplier }),
    );
  },
  { name: 'rate-limiter' },
);
