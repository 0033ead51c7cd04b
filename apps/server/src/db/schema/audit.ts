import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { companies, staff } from './companies';

/**
 * Who did what on the company side, when, and from which key or staff member (docs/decisions/049-audit-log.md). One
 * row per successful write, written by one hook for every route (plugins/audit.ts), never a request's body or query.
 * The actor's label is kept as it was, so a renamed or deleted key still reads as it did then; the actor's id has no
 * foreign key for the same reason.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
    /** api_key, staff, operator, or portal_user (a customer's selection choice). */
    actor_kind: text().$type<'api_key' | 'staff' | 'operator' | 'portal_user'>().notNull(),
    actor_id: integer(),
    actor_label: text().notNull(),
    /** The route's operationId (createNote), or an event's name for what is not one request. */
    action: text().notNull(),
    /** The route's summary at the time: what the action means in words. */
    summary: text().notNull(),
    method: text(),
    /** The route pattern (`/api/integration/notes/:id`), never the URL with its query. */
    route: text(),
    target_kind: text(),
    target_id: integer(),
    status: integer(),
    request_id: text(),
    ip: text(),
  },
  (t) => [index('audit_log_company_idx').on(t.company_id, t.id), index('audit_log_company_actor_idx').on(t.company_id, t.actor_kind, t.actor_id, t.id)],
);

/** What a staff member has opened in the inbox: one row per item (docs/decisions/050-inbox.md). */
export const inboxReads = pgTable(
  'inbox_reads',
  {
    id: id(),
    staff_id: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** note, document or message. */
    item_kind: text().notNull(),
    item_id: integer().notNull(),
    read_at: timestamp({ withTimezone: true, precision: 6 }).notNull(),
  },
  (t) => [uniqueIndex('inbox_reads_staff_item_unique').on(t.staff_id, t.item_kind, t.item_id)],
);

/** "Mark all read": everything that arrived up to this moment is read for this member. */
export const inboxMarks = pgTable(
  'inbox_marks',
  {
    id: id(),
    staff_id: integer()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    all_read_before: timestamp({ withTimezone: true, precision: 6 }).notNull(),
  },
  (t) => [uniqueIndex('inbox_marks_staff_unique').on(t.staff_id)],
);
