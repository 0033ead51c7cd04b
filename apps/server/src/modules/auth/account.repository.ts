import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companyCustomers, portalUsers } from '../../db/schema';

/** The writes a portal user makes to their own account. */
export function accountRepository(db: Executor) {
  const returned = { id: portalUsers.id, email: portalUsers.email, first_name: portalUsers.first_name, last_name: portalUsers.last_name };
  return {
    async setName(userId: number, name: { first_name: string | null; last_name: string | null }, now: Date) {
      const [user] = await db
        .update(portalUsers)
        .set({ ...name, updated_at: now })
        .where(eq(portalUsers.id, userId))
        .returning(returned);
      return user ?? null;
    },

    async setPasswordHash(userId: number, passwordHash: string, now: Date): Promise<void> {
      await db.update(portalUsers).set({ password_hash: passwordHash, updated_at: now }).where(eq(portalUsers.id, userId));
    },

    /** The new address, or 'taken' when another account has it (the unique index decides, race or not). */
    async setEmail(userId: number, email: string, now: Date) {
      try {
        const user = await db.transaction(async (tx) => {
          const [row] = await tx.update(portalUsers).set({ email, updated_at: now }).where(eq(portalUsers.id, userId)).returning(returned);
          // The address is the one thing of the account each company sees: their records change with it, for `filter[updated_since]`.
          await tx.update(companyCustomers).set({ updated_at: now }).where(eq(companyCustomers.portal_user_id, userId));
          return row;
        });
        return user ?? null;
      } catch (error) {
        const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
        if (code === '23505') return 'taken' as const;
        throw error;
      }
    },
  };
}
