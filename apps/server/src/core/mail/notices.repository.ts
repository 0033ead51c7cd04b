import { NOTICE_KINDS, type NoticeKind } from '@portal/contract/notice-kinds';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, noticePreferences, portalEntities, portalThemes, portalUsers, projects, sentNotices } from '../../db/schema';

/** The company switch that must be on for each kind of notice to go out: no email about an area the portal hides. */
export const NOTICE_SWITCHES = {
  note: 'is_portal_project_notes_enabled',
  invoice: 'is_portal_invoicing_enabled',
  document: 'is_portal_file_sharing_enabled',
  album: 'is_portal_album_sharing_enabled',
  proposal: 'is_portal_proposals_enabled',
  schedule: 'is_portal_project_calendar_enabled',
  change_order: 'is_portal_change_orders_enabled',
} as const satisfies Record<NoticeKind, keyof typeof companies.$inferSelect>;

/** One portal user a notice goes to, with what a message needs to greet them and link to their own pages. */
export interface NoticeRecipient {
  portalUserId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** Their portal entity for the project: what the portal's links carry (`/notes?entity=…`). */
  entityId: number;
}

/** Who hears of what, and what has been told: the notices' tables (docs/decisions/041-notice-unsubscribe-tokens.md). */
export function noticesRepository(db: Executor) {
  async function preferences(portalUserId: number): Promise<Record<NoticeKind, boolean>> {
    const rows = await db
      .select({ kind: noticePreferences.kind, enabled: noticePreferences.enabled })
      .from(noticePreferences)
      .where(eq(noticePreferences.portal_user_id, portalUserId));
    const result = Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, true])) as Record<NoticeKind, boolean>;
    for (const row of rows) result[row.kind] = row.enabled;
    return result;
  }

  return {
    /** The company as a notice shows it, with the switch for the kind; null for an unknown id. */
    async company(companyId: number, kind: NoticeKind) {
      const [row] = await db
        .select({
          id: companies.id,
          name: companies.name,
          color: companies.color,
          contact_email: companies.contact_email,
          enabled: companies[NOTICE_SWITCHES[kind]],
          // The company's (first) theme code: its links open the portal in the company's colours, as the email is.
          theme: sql<
            string | null
          >`(select ${portalThemes.code} from ${portalThemes} where ${portalThemes.company_id} = ${companies.id} order by ${portalThemes.id} limit 1)`,
        })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row ?? null;
    },

    /**
     * Every portal user the company's project is shared with (as a customer) who has not turned the kind off. A
     * project of another company has no recipients, whatever its entities say.
     */
    async recipients(companyId: number, projectId: number, kind: NoticeKind): Promise<NoticeRecipient[]> {
      return db
        .select({
          portalUserId: portalUsers.id,
          email: portalUsers.email,
          firstName: portalUsers.first_name,
          lastName: portalUsers.last_name,
          entityId: portalEntities.id,
        })
        .from(portalEntities)
        .innerJoin(projects, and(eq(projects.id, portalEntities.model_id), eq(projects.company_id, companyId)))
        .innerJoin(portalUsers, eq(portalUsers.id, portalEntities.portal_user_id))
        .where(
          and(
            eq(portalEntities.company_id, companyId),
            eq(portalEntities.model_type, 'project'),
            eq(portalEntities.model_id, projectId),
            eq(portalEntities.scope, 'customer'),
            notExists(
              db
                .select({ one: sql`1` })
                .from(noticePreferences)
                .where(and(eq(noticePreferences.portal_user_id, portalUsers.id), eq(noticePreferences.kind, kind), eq(noticePreferences.enabled, false))),
            ),
          ),
        )
        .orderBy(portalEntities.id);
    },

    /**
     * Claims the notice of one event for each of these users: answers the ones not told before. A retry, or two
     * calls at once, claim each (kind, record, revision, user) once: the unique index decides.
     */
    async claim(kind: NoticeKind, recordId: number, revision: number, companyId: number, portalUserIds: number[]): Promise<Set<number>> {
      if (portalUserIds.length === 0) return new Set();
      const rows = await db
        .insert(sentNotices)
        .values(portalUserIds.map((portal_user_id) => ({ kind, record_id: recordId, revision, portal_user_id, company_id: companyId })))
        .onConflictDoNothing({ target: [sentNotices.kind, sentNotices.record_id, sentNotices.revision, sentNotices.portal_user_id] })
        .returning({ portalUserId: sentNotices.portal_user_id });
      return new Set(rows.map((row) => row.portalUserId));
    },

    /** The user's switches: every kind on unless they turned it off. */
    preferences,

    /** Sets some of the user's switches, in one statement; answers all of them. */
    async setPreferences(portalUserId: number, changes: Partial<Record<NoticeKind, boolean>>) {
      const values = NOTICE_KINDS.filter((kind) => changes[kind] !== undefined).map((kind) => ({
        portal_user_id: portalUserId,
        kind,
        enabled: changes[kind]!,
      }));
      if (values.length > 0) {
        await db
          .insert(noticePreferences)
          .values(values)
          .onConflictDoUpdate({
            target: [noticePreferences.portal_user_id, noticePreferences.kind],
            set: { enabled: sql`excluded.enabled`, updated_at: sql`now()` },
          });
      }
      return preferences(portalUserId);
    },

    /** True when the user exists (an unsubscribe link may outlive its user). */
    async userExists(portalUserId: number): Promise<boolean> {
      const [row] = await db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.id, portalUserId));
      return Boolean(row);
    },
  };
}

export type NoticesRepository = ReturnType<typeof noticesRepository>;
