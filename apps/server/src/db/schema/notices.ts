import type { NoticeKind } from '@portal/contract/notice-kinds';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { companies } from './companies';
import { portalUsers } from './portal';

/**
 * A portal user's choice for one kind of email notice (docs/decisions/041-notice-unsubscribe-tokens.md). A user with no
 * row for a kind gets it: only a choice they made is stored.
 */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    id: id(),
    portal_user_id: integer()
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    kind: text().$type<NoticeKind>().notNull(),
    enabled: boolean().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('notice_preferences_user_kind_unique').on(t.portal_user_id, t.kind)],
);

/**
 * Each notice sent, keyed by (kind, the record it is about, its revision, its recipient): the unique index makes a retried or
 * duplicated call for the same event claim nothing, so nobody hears of one event twice.
 */
export const sentNotices = pgTable(
  'sent_notices',
  {
    id: id(),
    kind: text().$type<NoticeKind>().notNull(),
    record_id: integer().notNull(),
    /** Which change of the record: 0 for most kinds; a schedule item's SEQUENCE, so a move is told again. */
    revision: integer().notNull().default(0),
    portal_user_id: integer()
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    created_at: timestamp({ withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sent_notices_kind_record_revision_user_unique').on(t.kind, t.record_id, t.revision, t.portal_user_id)],
);
