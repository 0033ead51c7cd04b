import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { toMs, type RateLimiterOptions, type RateLimitStore } from '../lib/rate-limiter';

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
