/**
 * What the change feed is listened to for (docs/decisions/025-response-and-session-caches.md): the triggers of
 * migration 0007 notify `sessions:<id>` when a session is revoked or deleted, and `portal_users` on any write to the
 * users. The row triggers that named the scopes of the response cache's answers went with that cache
 * (docs/decisions/071-no-response-cache.md, migration 0027); a test holds the database's triggers to this list.
 */

/** The tables a verified session is read from, besides its own row (whose triggers name the session). */
export const CACHED_SESSION_TABLES = ['sessions', 'portal_users'] as const;
