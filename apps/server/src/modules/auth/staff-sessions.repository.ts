import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, sessions, staff } from '../../db/schema';
import { parseToken, sameDigest, sha256 } from '../../lib/tokens';
import type { AuthenticatedStaff } from '../../core/access/request';
import { insertSession, type SessionContext, type SessionPolicy } from './sessions.repository';

const TOUCH_INTERVAL_MS = 60_000;

/**
 * Staff members' sessions in the console (docs/staff-console.md): rows of `sessions` that name a staff member instead
 * of a portal user, with the same token shape, limits and revocation. Only a staff session passes here, and only a
 * portal session passes the portal's check, so neither token opens the other side. Not cached: the console is a few
 * people, the portal many.
 */
export function staffSessionsRepository(db: Executor, policy: SessionPolicy) {
  return {
    create(staffId: number, context: SessionContext) {
      return insertSession(db, { staff_id: staffId }, context);
    },

    /** The staff member behind a token, or null: malformed, unknown, a portal session, revoked, expired, or deactivated. */
    async authenticate(token: string, now: Date): Promise<AuthenticatedStaff | null> {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const [row] = await db
        .select({ session: sessions, member: staff, company: companies })
        .from(sessions)
        .innerJoin(staff, eq(staff.id, sessions.staff_id))
        .innerJoin(companies, eq(companies.id, staff.company_id))
        .where(and(eq(sessions.id, parsed.id), isNotNull(sessions.staff_id)))
        .limit(1);
      if (!row || !sameDigest(row.session.secret_hash, sha256(parsed.secret))) return null;
      const { session, member, company } = row;
      if (session.revoked_at || member.deactivated_at) return null;
      if (now.getTime() - session.last_used_at.getTime() > policy.idleMs) return null;
      if (now.getTime() - session.created_at.getTime() > policy.absoluteMs) return null;
      if (now.getTime() - session.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, session.id));
      }
      return { id: member.id, name: member.name, email: member.email ?? '', role: member.role, company, sessionId: session.id };
    },

    /** Ends one session (signing out). */
    async revoke(sessionId: number, now: Date) {
      await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
    },

    /** Ends every session of the member but `keep` (log out everywhere else), or all of them. */
    async revokeAll(staffId: number, now: Date, keep?: number) {
      const rows = await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.staff_id, staffId), isNull(sessions.revoked_at), keep === undefined ? undefined : ne(sessions.id, keep)))
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}
export type StaffSessionsRepository = ReturnType<typeof staffSessionsRepository>;
