import { INVITATION_TTL_DAYS } from '@portal/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, staff, staffInvitations } from '../../db/schema';
import { newSecret, parseToken, sameDigest, sha256 } from '../../lib/tokens';

const TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

/** Where the console takes an invitation's token: a page that sets the password and signs the member in. */
export const staffInvitationUrl = (publicUrl: string, token: string) => `${publicUrl}/staff/invitation?token=${encodeURIComponent(token)}`;

/**
 * A staff member's invitation to the console (docs/staff-console.md): a single-use link valid for the same 7 days as a
 * customer's; a new one ends the ones before it.
 */
export function staffInvitationsRepository(db: Executor) {
  return {
    async issue(staffId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
      const secret = newSecret();
      const expiresAt = new Date(now.getTime() + TTL_MS);
      const row = await db.transaction(async (tx) => {
        await tx
          .update(staffInvitations)
          .set({ voided_at: now })
          .where(and(eq(staffInvitations.staff_id, staffId), isNull(staffInvitations.consumed_at), isNull(staffInvitations.voided_at)));
        const [inserted] = await tx
          .insert(staffInvitations)
          .values({ staff_id: staffId, secret_hash: sha256(secret), created_at: now, expires_at: expiresAt })
          .returning({ id: staffInvitations.id });
        return inserted!;
      });
      return { token: `${row.id}.${secret}`, expiresAt };
    },

    /**
     * The company behind a link that could still be accepted, for its page to show that company's brand before anyone
     * has signed in; null for every link `accept` would refuse, alike. Spends nothing: the page only looks.
     */
    async company(token: string, now: Date): Promise<typeof companies.$inferSelect | null> {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const [found] = await db
        .select({ invitation: staffInvitations, member: staff, company: companies })
        .from(staffInvitations)
        .innerJoin(staff, eq(staff.id, staffInvitations.staff_id))
        .innerJoin(companies, eq(companies.id, staff.company_id))
        .where(eq(staffInvitations.id, parsed.id))
        .limit(1);
      if (!found || !sameDigest(found.invitation.secret_hash, sha256(parsed.secret))) return null;
      const { invitation, member, company } = found;
      if (invitation.consumed_at || invitation.voided_at || invitation.expires_at <= now || member.deactivated_at) return null;
      return company;
    },

    /**
     * Uses up a link and sets the member's password, in one transaction; answers the staff member's id, or null for a
     * link that is malformed, unknown, used, ended, expired, or of a member since deactivated.
     */
    async accept(token: string, passwordHash: string, now: Date): Promise<number | null> {
      const parsed = parseToken(token);
      if (!parsed) return null;
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ invitation: staffInvitations, member: staff })
          .from(staffInvitations)
          .innerJoin(staff, eq(staff.id, staffInvitations.staff_id))
          .where(eq(staffInvitations.id, parsed.id))
          .for('update')
          .limit(1);
        if (!found || !sameDigest(found.invitation.secret_hash, sha256(parsed.secret))) return null;
        const { invitation, member } = found;
        if (invitation.consumed_at || invitation.voided_at || invitation.expires_at <= now || member.deactivated_at) return null;
        const used = await tx
          .update(staffInvitations)
          .set({ consumed_at: now })
          .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.consumed_at), gt(staffInvitations.expires_at, now)))
          .returning({ id: staffInvitations.id });
        if (used.length === 0) return null;
        await tx.update(staff).set({ password_hash: passwordHash, updated_at: now }).where(eq(staff.id, member.id));
        return member.id;
      });
    },
  };
}
