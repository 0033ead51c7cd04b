import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portalUsers, sessions } from '../../db/schema';
import { newSecret, parseToken, sameDigest, sha256 } from './tokens';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** Writing last_used_at on every request would turn each read into a write; a minute is fine-grained enough. */
const TOUCH_INTERVAL_MS = 60_000;

export interface AuthenticatedUser {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  sessionId: number;
}

export function sessionsRepository(db: Db, policy: SessionPolicy) {
  return {
    /** A new session and its token; a sign-in always gets a fresh one. */
    async create(userId: number, context: { userAgent?: string | undefined; ip?: string | undefined; now: Date }) {
      const secret = newSecret();
      const [row] = await db
        .insert(sessions)
        .values({
          portal_user_id: userId,
          secret_hash: sha256(secret),
          user_agent: context.userAgent?.slice(0, 512) ?? null,
          ip: context.ip ?? null,
          created_at: context.now,
          last_used_at: context.now,
        })
        .returning({ id: sessions.id });
      return { sessionId: row!.id, token: `${row!.id}.${secret}` };
    },

    /** The user behind a token, or null when the token is malformed, unknown, revoked or expired. */
    async authenticate(token: string, now: Date): Promise<AuthenticatedUser | null> {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const [row] = await db
        .select({
          session: sessions,
          user: { id: portalUsers.id, email: portalUsers.email, first_name: portalUsers.first_name, last_name: portalUsers.last_name },
        })
        .from(sessions)
        .innerJoin(portalUsers, eq(portalUsers.id, sessions.portal_user_id))
        .where(eq(sessions.id, parsed.id))
        .limit(1);
      if (!row || !sameDigest(row.session.secret_hash, sha256(parsed.secret))) return null;
      const { session } = row;
      if (session.revoked_at) return null;
      if (now.getTime() - session.last_used_at.getTime() > policy.idleMs) return null;
      if (now.getTime() - session.created_at.getTime() > policy.absoluteMs) return null;
      if (now.getTime() - session.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, session.id));
      }
      return { ...row.user, sessionId: session.id };
    },

    /** The user's sessions still in force, most recently used first. */
    async listActive(userId: number, now: Date) {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.portal_user_id, userId), isNull(sessions.revoked_at)))
        .orderBy(desc(sessions.last_used_at), desc(sessions.id));
      return rows.filter(
        (session) =>
          now.getTime() - session.last_used_at.getTime() <= policy.idleMs &&
          now.getTime() - session.created_at.getTime() <= policy.absoluteMs,
      );
    },

    /** Revokes one of the user's sessions; false when it is not theirs or already revoked. */
    async revoke(userId: number, sessionId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.id, sessionId), eq(sessions.portal_user_id, userId), isNull(sessions.revoked_at)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Revokes every session of the user but one ("sign out everywhere else"). */
    async revokeOthers(userId: number, keepSessionId: number, now: Date): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.portal_user_id, userId), ne(sessions.id, keepSessionId), isNull(sessions.revoked_at)))
        .returning({ id: sessions.id });
      return rows.length;
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
