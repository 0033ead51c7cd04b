import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/** How long a first answer is kept for a retry (docs/decisions/036-idempotency-keys.md). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type IdempotencyClaim =
  | { outcome: 'claimed'; id: number }
  | { outcome: 'replay'; statusCode: number; contentType: string | null; body: string }
  | { outcome: 'other-request' }
  | { outcome: 'in-progress' };

export function idempotencyRepository(db: Executor) {
  return {
    /**
     * Claims `key` for this request, or says why not. The unique index decides between two requests racing
     * with one key: exactly one claims it, the other sees it in progress.
     */
    async claim(companyId: number, key: string, requestHash: string, now: Date): Promise<IdempotencyClaim> {
      for (let attempt = 0; attempt < 2; attempt++) {
        const [claimed] = await db
          .insert(idempotencyKeys)
          .values({ company_id: companyId, key, request_hash: requestHash, created_at: now })
          .onConflictDoNothing()
          .returning({ id: idempotencyKeys.id });
        if (claimed) return { outcome: 'claimed', id: claimed.id };
        const [existing] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.company_id, companyId), eq(idempotencyKeys.key, key)));
        if (!existing) continue; // released between the insert and the read: claim again
        if (now.getTime() - existing.created_at.getTime() >= IDEMPOTENCY_WINDOW_MS) {
          // Past its window the key is free again: the old answer goes, this request claims it.
          await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, existing.id));
          continue;
        }
        if (existing.request_hash !== requestHash) return { outcome: 'other-request' };
        if (existing.status_code === null) return { outcome: 'in-progress' };
        return { outcome: 'replay', statusCode: existing.status_code, contentType: existing.content_type, body: existing.response_body ?? '' };
      }
      return { outcome: 'in-progress' };
    },

    async complete(id: number, answer: { statusCode: number; contentType: string | null; body: string }) {
      await db
        .update(idempotencyKeys)
        .set({ status_code: answer.statusCode, content_type: answer.contentType, response_body: answer.body })
        .where(eq(idempotencyKeys.id, id));
    },

    /** Frees a key whose request failed on our side, so that the retry runs it again. */
    async release(id: number) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    },

    async purgeBefore(moment: Date) {
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, moment));
    },
  };
}
