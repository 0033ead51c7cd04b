import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { staff } from './companies';
import { portalUsers } from './portal';
import { projects } from './projects';

/**
 * A visit on a project's calendar (docs/requirements.md 11.9). Timed items are two moments; all-day items are two
 * dates in the company's zone (inclusive), and their `starts_at`/`ends_at` are those days' bounds in that zone, kept
 * so every query sorts and overlaps by moments (rewritten when the company changes its zone). Items with
 * `shared_with_portal` false are internal: no portal route, feed or notice reads them.
 */
export const scheduleItems = pgTable(
  'schedule_items',
  {
    id: id(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The iCalendar UID, fixed at creation (docs/decisions/065-calendar-time-zones-and-icalendar.md). */
    uid: text().notNull(),
    /** The iCalendar SEQUENCE: one more at each change the customer sees. */
    sequence: integer().notNull().default(0),
    title: text().notNull(),
    notes: text(),
    location: text(),
    all_day: boolean().notNull().default(false),
    starts_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    ends_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    /** All-day items only: first and last day, `YYYY-MM-DD`. */
    start_date: text(),
    end_date: text(),
    assigned_staff_id: integer().references(() => staff.id, { onDelete: 'set null' }),
    shared_with_portal: boolean().notNull().default(false),
    status: text().$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
    cancelled_at: timestamp({ withTimezone: true, precision: 6 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('schedule_items_uid_unique').on(t.uid),
    index('schedule_items_project_starts_idx').on(t.project_id, t.starts_at),
    index('schedule_items_project_shared_ends_idx')
      .on(t.project_id, t.ends_at)
      .where(sql`${t.shared_with_portal}`),
  ],
);

/**
 * A portal user's personal calendar feed: one secret URL a calendar app subscribes to. Only the token's hash is kept;
 * making a new one replaces the row (the old URL stops), revoking deletes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    portal_user_id: integer()
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    token_hash: text().notNull(),
    last_used_at: timestamp({ withTimezone: true, precision: 6 }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('calendar_feeds_user_unique').on(t.portal_user_id), uniqueIndex('calendar_feeds_token_hash_unique').on(t.token_hash)],
);
