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

export const toMs = (time: Date | number) => (typeof time === 'number' ? time : time.getTime());

/**
 * A small in-memory sliding-window limiter. Each key keeps the times of its last `limit` allowed
 * hits, so a key costs at most `limit` numbers; refused hits are not recorded, so a client that
 * keeps hammering is let in again exactly when its oldest hit leaves the window.
 *
 * Memory is bounded per key, never by a cap on keys: a key leaves only once its window has passed.
 * A cap would let a flood of other keys (spoofed addresses, made-up emails) push out the counter of
 * an account under attack and hand it a fresh allowance.
 *
 * In memory means per process: the server uses it on PGlite (one process by construction); on
 * PostgreSQL it counts in the database instead (core/rate-limit-store.ts, decision 126).
 */
export class RateLimiter implements RateLimitStore {
  private readonly entries = new Map<string, Entry>();
  private readonly clock: () => Date | number;
  private readonly multiplier: number;
  private hitsSinceSweep = 0;

  constructor(options: RateLimiterOptions = {}) {
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
}
