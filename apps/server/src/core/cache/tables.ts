/**
 * What the change feed hears, in one place (docs/decisions/025-response-and-session-caches.md and
 * 029-cache-invalidation-by-scope.md). Migration 0009 puts a row trigger on each table of
 * CACHED_ANSWER_TABLES (0011 for the last three) that notifies `<table>:<value of its column>`; a test holds the database's
 * triggers to this list. The response cache those answers fed is gone (docs/decisions/071-no-response-cache.md): the
 * triggers still fire until a migration drops them, and the session cache ignores what they say.
 */

/** The scopes a cached answer is tagged with: whose list, which companies and which projects it shows. */
export type CacheScope = 'user' | 'company' | 'project';

/** Each table the cached answers (projects list and record, company) are read from, with the column that names the scope a written row belongs to. */
export const CACHED_ANSWER_TABLES = {
  portal_entities: { scope: 'user', column: 'portal_user_id' },
  projects: { scope: 'project', column: 'id' },
  project_statuses: { scope: 'company', column: 'company_id' },
  accounts: { scope: 'company', column: 'company_id' },
  staff: { scope: 'company', column: 'company_id' },
  companies: { scope: 'company', column: 'id' },
  portal_themes: { scope: 'company', column: 'company_id' },
  albums: { scope: 'project', column: 'project_id' },
  photos: { scope: 'company', column: 'company_id' },
  // Updates and deletes only: a new file is nobody's cover until a photo row points at it.
  files: { scope: 'company', column: 'company_id' },
  // A project's money comes from its invoices, and its latest activity from its notes and documents.
  invoices: { scope: 'project', column: 'project_id' },
  notes: { scope: 'project', column: 'project_id' },
  documents: { scope: 'project', column: 'project_id' },
} as const satisfies Record<string, { scope: CacheScope; column: string }>;

export type CachedAnswerTable = keyof typeof CACHED_ANSWER_TABLES;

/** The tag an answer carries for one scope: `company:3`. */
export const scopeTag = (scope: CacheScope, id: number) => `${scope}:${id}`;

/** The tables a verified session is read from, besides its own row (whose triggers name the session). */
export const CACHED_SESSION_TABLES = ['sessions', 'portal_users'] as const;
