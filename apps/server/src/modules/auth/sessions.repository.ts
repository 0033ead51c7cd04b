import { PREVIEW_TTL_MINUTES } from '@portal/contract';
import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { withCompiledRows } from '../../db/compiled-rows';
import { offlineFeed, type ChangeFeed } from '../../core/cache/change-feed';
import { portalUsers, sessions, staff } from '../../db/schema';
import { newSecret, parseToken, sameDigest, sha256 } from '../../lib/tokens';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** Writing last_used_at on every request would turn each read into a write; a minute is fine-grained enough. */
const TOUCH_INTERVAL_MS = 60_000;

import type { AuthenticatedUser } from '../../core/access/request';
import { CACHED_SESSION_TABLES } from '../../core/cache/tables';

/** Enough for every session active within a minute on a large portal; about 300 bytes each. */
const MAX_CACHED_SESSIONS = 20_000;

interface CachedSession {
  secretHash: string;
  user: Omit<AuthenticatedUser, 'sessionId'>;
  /** The session's absolute end: its created_at plus the absolute limit, or the preview's shorter life. */
  endsAt: number;
  lastUsedAt: number;
}

const PREVIEW_MS = PREVIEW_TTL_MINUTES * 60_000;

/**
 * Sessions verified within the last minute, kept in memory so that a request costs no query
 * (docs/decisions/025-response-and-session-caches.md). An entry serves only while the change feed is
 * live, and leaves when the database says its session was revoked or deleted, or its user changed;
 * once a minute has passed it goes back to the database, which touches last_used_at as before.
 */
function sessionCache(feed: ChangeFeed) {
  const entries = new Map<number, CachedSession>();
  let generation = 0;
  feed.subscribe((change) => {
    if (change && change.table === 'sessions' && change.id !== null) {
      entries.delete(change.id);
    } else if (!change || (CACHED_SESSION_TABLES as readonly string[]).includes(change.table)) {
      entries.clear();
    } else {
      return;
    }
    generation++;
  });
  return {
    get: (id: number) => (feed.live ? entries.get(id) : undefined),
    /** The moment a database read begins: a change after it keeps that read out of the cache. */
    mark: () => generation,
    put(id: number, entry: CachedSession, mark: number) {
      if (!feed.live || mark !== generation) return;
      entries.delete(id);
      if (entries.size >= MAX_CACHED_SESSIONS) entries.delete(entries.keys().next().value!);
      entries.set(id, entry);
    },
    /** Forgets a session here and now; a read that began before (and saw it unrevoked) keeps out of the cache. */
    delete(id: number) {
      entries.delete(id);
      generation++;
    },
    clear() {
      entries.clear();
      generation++;
    },
  };
}

export interface SessionContext {
  userAgent?: string | undefined;
  ip?: string | undefined;
  now: Date;
}

/** A new session of a portal user or a staff member, and its token (`id.secret`); a sign-in always gets a fresh one. */
export async function insertSession(
  db: Executor,
  subject: { portal_user_id: number; preview_staff_id?: number } | { staff_id: number },
  context: SessionContext,
) {
  const secret = newSecret();
  const [row] = await db
    .insert(sessions)
    .values({
      ...subject,
      secret_hash: sha256(secret),
      user_agent: context.userAgent?.slice(0, 512) ?? null,
      ip: context.ip ?? null,
      created_at: context.now,
      last_used_at: context.now,
    })
    .returning({ id: sessions.id });
  return { sessionId: row!.id, token: `${row!.id}.${secret}` };
}

export function sessionsRepository(db: Executor, policy: SessionPolicy, feed: ChangeFeed = offlineFeed) {
  const cache = sessionCache(feed);
  /** Inside the idle and absolute limits, and touched less than a minute ago. */
  const inForce = (entry: CachedSession, now: number) => now - entry.lastUsedAt <= Math.min(policy.idleMs, TOUCH_INTERVAL_MS) && now <= entry.endsAt;
  /** A user's own devices: never a staff member's preview of their portal. */
  // Every request whose session is not in the cache runs this: built and planned once.
  const sessionStatement = withCompiledRows(
    db
      .select({
        session: sessions,
        user: { id: portalUsers.id, email: portalUsers.email, first_name: portalUsers.first_name, last_name: portalUsers.last_name },
        previewerDeactivatedAt: staff.deactivated_at,
        previewerCompanyId: staff.company_id,
      })
      .from(sessions)
      .innerJoin(portalUsers, eq(portalUsers.id, sessions.portal_user_id))
      .leftJoin(staff, eq(staff.id, sessions.preview_staff_id))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('sessions_authenticate'),
  );
  const ownSessions = (userId: number) => and(eq(sessions.portal_user_id, userId), isNull(sessions.preview_staff_id));

  /** Revokes the live sessions that match; returns how many. */
  async function revokeWhere(which: SQL | undefined, now: Date): Promise<number> {
    const rows = await db
      .update(sessions)
      .set({ revoked_at: now })
      .where(and(which, isNull(sessions.revoked_at)))
      .returning({ id: sessions.id });
    // The trigger tells every process; this one forgets at once, before it answers.
    for (const row of rows) cache.delete(row.id);
    return rows.length;
  }

  return {
    /**
     * A user's name or email was just written by this process: every cached session forgets its user
     * here and now, before the answer, as the database's notification will tell the other processes.
     */
    forgetUsers() {
      cache.clear();
    },

    /** A new session and its token; a sign-in always gets a fresh one. */
    create(userId: number, context: SessionContext) {
      return insertSession(db, { portal_user_id: userId }, context);
    },

    /** A read-only session of the user for a staff member's preview; it lives PREVIEW_TTL_MINUTES at most. */
    async createPreview(userId: number, staffId: number, context: SessionContext) {
      const created = await insertSession(db, { portal_user_id: userId, preview_staff_id: staffId }, context);
      return { ...created, expiresAt: new Date(context.now.getTime() + Math.min(PREVIEW_MS, policy.absoluteMs)) };
    },

    /** The user behind a token, or null when the token is malformed, unknown, revoked or expired. */
    async authenticate(token: string, now: Date): Promise<AuthenticatedUser | null> {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const digest = sha256(parsed.secret);
      const cached = cache.get(parsed.id);
      if (cached && sameDigest(cached.secretHash, digest) && inForce(cached, now.getTime())) return { ...cached.user, sessionId: parsed.id };

      const mark = cache.mark();
      const [row] = await sessionStatement.execute({ id: parsed.id });
      if (!row || !sameDigest(row.session.secret_hash, digest)) return null;
      const { session } = row;
      if (session.revoked_at || row.previewerDeactivatedAt) return null;
      if (now.getTime() - session.last_used_at.getTime() > policy.idleMs) return null;
      const endsAt = session.created_at.getTime() + (session.preview_staff_id === null ? policy.absoluteMs : Math.min(PREVIEW_MS, policy.absoluteMs));
      if (now.getTime() > endsAt) return null;
      let lastUsedAt = session.last_used_at.getTime();
      if (now.getTime() - lastUsedAt > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, session.id));
        lastUsedAt = now.getTime();
      }
      // A preview sees the portal as the customer sees the previewing company's part of it, never another company's.
      const preview = session.preview_staff_id === null ? null : { staffId: session.preview_staff_id, companyId: row.previewerCompanyId! };
      const user = { ...row.user, preview };
      cache.put(session.id, { secretHash: session.secret_hash, user, endsAt, lastUsedAt }, mark);
      return { ...user, sessionId: session.id };
    },

    /** The user's sessions still in force, most recently used first. */
    async listActive(userId: number, now: Date) {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(ownSessions(userId), isNull(sessions.revoked_at)))
        .orderBy(desc(sessions.last_used_at), desc(sessions.id));
      return rows.filter(
        (session) => now.getTime() - session.last_used_at.getTime() <= policy.idleMs && now.getTime() - session.created_at.getTime() <= policy.absoluteMs,
      );
    },

    /** Revokes one of the user's sessions (or the preview asking to end itself); false when it is not theirs or already revoked. */
    async revoke(userId: number, sessionId: number, now: Date): Promise<boolean> {
      return (await revokeWhere(and(eq(sessions.id, sessionId), eq(sessions.portal_user_id, userId)), now)) > 0;
    },

    /** Revokes one of the user's own devices, as the devices page lists them; false when it is not one. */
    async revokeOwn(userId: number, sessionId: number, now: Date): Promise<boolean> {
      return (await revokeWhere(and(eq(sessions.id, sessionId), ownSessions(userId)), now)) > 0;
    },

    /** Revokes every device of the user but one ("sign out everywhere else"); staff previews are not theirs to end. */
    revokeOthers(userId: number, keepSessionId: number, now: Date): Promise<number> {
      return revokeWhere(and(ownSessions(userId), ne(sessions.id, keepSessionId)), now);
    },

    /** Ends a staff member's previews (when they sign out everywhere). */
    revokePreviewsBy(staffId: number, now: Date): Promise<number> {
      return revokeWhere(eq(sessions.preview_staff_id, staffId), now);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
