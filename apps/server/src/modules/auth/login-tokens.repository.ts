import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginTokens } from '../../db/schema';
import { hmacSha256, newNumericCode, newSecret, parseToken, sameDigest, sha256 } from '../../lib/tokens';

/** What an emailed link is for; a token works only for the purpose it was issued for. */
export type LoginTokenPurpose = 'sign_in' | 'password_reset' | 'email_change' | 'invitation' | 'staff_sign_in';

export interface LoginTokenPolicy {
  /** 'sign_in' unless said otherwise. */
  purpose?: LoginTokenPurpose;
  /**
   * Whose older links a new one voids: the address's (the default), or the user's, when the address
   * is the one being proved and each request may name another (an email change).
   */
  supersede?: 'address' | 'user';
  ttlMs: number;
  /** Code tries per token, right or wrong; at this many the token is void. */
  maxCodeAttempts: number;
  /** The server key codes are hashed under (never stored in the database). */
  codeKey: Buffer;
}

/** Expired rows are worth nothing after a day; they go when the next request is written. */
const KEEP_EXPIRED_MS = 86_400_000;

export type CodeCheck =
  | { outcome: 'signed-in'; tokenId: number; userId: number }
  /** No live token for the address (none asked for, expired, used, superseded or out of tries). */
  | { outcome: 'no-token' }
  | { outcome: 'wrong-code'; tokenId: number; userId: number | null; attemptsLeft: number }
  /** The code was right but the address has no account, or a concurrent try used the token first. */
  | { outcome: 'not-usable'; tokenId: number; userId: number | null };

export function loginTokensRepository(db: Executor, policy: LoginTokenPolicy) {
  const purpose = eq(loginTokens.purpose, policy.purpose ?? 'sign_in');
  /**
   * The tokens a new one (or a spent one) voids: the same owner's, from the same company. Only invitations name a
   * company, so one company's invitation never voids or spends another's (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md).
   */
  const sameOwner = (email: string, userId: number | null, companyId: number | null) =>
    and(
      policy.supersede === 'user' && userId !== null ? eq(loginTokens.portal_user_id, userId) : eq(loginTokens.email, email),
      companyId === null ? isNull(loginTokens.company_id) : eq(loginTokens.company_id, companyId),
    );
  /** The code is bound to its token: the same six digits under another token hash differently. */
  const codeHash = (secretHash: string, code: string) => hmacSha256(policy.codeKey, `${secretHash}:${code}`);

  const live = (now: Date) =>
    and(
      purpose,
      isNull(loginTokens.consumed_at),
      isNull(loginTokens.voided_at),
      gt(loginTokens.expires_at, now),
      lt(loginTokens.attempts, policy.maxCodeAttempts),
    );

  /**
   * Spends the token in one statement, so of two concurrent verifications exactly one gets the row
   * back; then voids the address's other tokens of the same purpose, in the same transaction.
   */
  async function consume(tokenId: number, now: Date): Promise<{ userId: number | null; email: string; companyId: number | null } | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(loginTokens)
        .set({ consumed_at: now })
        .where(and(eq(loginTokens.id, tokenId), purpose, isNull(loginTokens.consumed_at), isNull(loginTokens.voided_at), gt(loginTokens.expires_at, now)))
        .returning({ userId: loginTokens.portal_user_id, email: loginTokens.email, companyId: loginTokens.company_id });
      if (!row) return null;
      await tx
        .update(loginTokens)
        .set({ voided_at: now })
        .where(
          and(
            sameOwner(row.email, row.userId, row.companyId),
            purpose,
            ne(loginTokens.id, tokenId),
            isNull(loginTokens.consumed_at),
            isNull(loginTokens.voided_at),
          ),
        );
      return row;
    });
  }

  return {
    /**
     * A new link token and code for an address, voiding its older ones (of the same company, for an invitation). Called
     * the same way whether or not the address has an account (userId null), so both do the same database work.
     */
    async issue(email: string, userId: number | null, now: Date, companyId: number | null = null) {
      const secret = newSecret();
      const code = newNumericCode();
      const secretHash = sha256(secret);
      const row = await db.transaction(async (tx) => {
        await tx.delete(loginTokens).where(lt(loginTokens.expires_at, new Date(now.getTime() - KEEP_EXPIRED_MS)));
        await tx
          .update(loginTokens)
          .set({ voided_at: now })
          .where(and(sameOwner(email, userId, companyId), purpose, isNull(loginTokens.consumed_at), isNull(loginTokens.voided_at)));
        const [inserted] = await tx
          .insert(loginTokens)
          .values({
            portal_user_id: userId,
            email,
            secret_hash: secretHash,
            code_hash: codeHash(secretHash, code),
            purpose: policy.purpose ?? 'sign_in',
            company_id: companyId,
            created_at: now,
            expires_at: new Date(now.getTime() + policy.ttlMs),
          })
          .returning({ id: loginTokens.id });
        return inserted!;
      });
      return { tokenId: row.id, token: `${row.id}.${secret}`, code, expiresAt: new Date(now.getTime() + policy.ttlMs) };
    },

    /**
     * Spends the link's `id.secret`: the user id, the address it was sent to and the company it came from (userId
     * null when already spent by a concurrent request), or null for anything unusable.
     */
    async consumeLink(token: string, now: Date): Promise<{ userId: number | null; email: string | null; companyId: number | null; tokenId: number } | null> {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const [row] = await db
        .select({ id: loginTokens.id, secretHash: loginTokens.secret_hash })
        .from(loginTokens)
        .where(and(eq(loginTokens.id, parsed.id), live(now)))
        .limit(1);
      // A wrong secret costs no code try: ids are guessable, and guessing one must not void anyone's link.
      if (!row || !sameDigest(row.secretHash, sha256(parsed.secret))) return null;
      const spent = await consume(row.id, now);
      return { userId: spent?.userId ?? null, email: spent?.email ?? null, companyId: spent?.companyId ?? null, tokenId: row.id };
    },

    /**
     * Checks a code against the address's newest live token. The try is counted first, in one
     * statement that refuses once the limit is reached, so a burst of parallel guesses still gets
     * only `maxCodeAttempts` of them checked.
     */
    async checkCode(email: string, code: string, now: Date): Promise<CodeCheck> {
      const newest = db
        .select({ id: loginTokens.id })
        .from(loginTokens)
        .where(and(eq(loginTokens.email, email), live(now)))
        .orderBy(desc(loginTokens.id))
        .limit(1);
      const [row] = await db
        .update(loginTokens)
        .set({ attempts: sql`${loginTokens.attempts} + 1` })
        .where(and(inArray(loginTokens.id, newest), live(now)))
        .returning({
          id: loginTokens.id,
          userId: loginTokens.portal_user_id,
          secretHash: loginTokens.secret_hash,
          codeHash: loginTokens.code_hash,
          attempts: loginTokens.attempts,
        });
      if (!row) return { outcome: 'no-token' };
      if (!sameDigest(row.codeHash, codeHash(row.secretHash, code))) {
        return { outcome: 'wrong-code', tokenId: row.id, userId: row.userId, attemptsLeft: Math.max(0, policy.maxCodeAttempts - row.attempts) };
      }
      const userId = (await consume(row.id, now))?.userId ?? null;
      return userId === null ? { outcome: 'not-usable', tokenId: row.id, userId: row.userId } : { outcome: 'signed-in', tokenId: row.id, userId };
    },
  };
}
export type LoginTokensRepository = ReturnType<typeof loginTokensRepository>;
