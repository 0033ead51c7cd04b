import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { staff } from './companies';
import { files } from './files';
import { portalUsers } from './portal';
import { projects } from './projects';

/**
 * A note of a project's thread (docs/requirements.md 11.3). Written by a staff member (through the integration API),
 * by the company itself (no staff named), or by a portal user. Notes with `shared_with_portal`
 * false are internal: no portal route ever reads them (modules/notes/notes.repository.ts filters
 * on it in every query, and the partial index below only holds shared notes).
 */
export const notes = pgTable(
  'notes',
  {
    id: id(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    author_staff_id: integer().references(() => staff.id, { onDelete: 'set null' }),
    author_portal_user_id: integer().references(() => portalUsers.id, { onDelete: 'set null' }),
    body: text().notNull(),
    shared_with_portal: boolean().notNull().default(true),
    /**
     * The id the web app gave the note before sending it, so a retry after a lost answer finds the
     * note already written instead of posting it twice. Unique per author.
     */
    client_id: text(),
    ...timestamps(),
  },
  (t) => [
    // The thread as a portal user reads it: newest first, shared notes only, straight off the index.
    index('notes_project_shared_idx')
      .on(t.project_id, t.id)
      .where(sql`${t.shared_with_portal}`),
    index('notes_project_idx').on(t.project_id, t.id),
    uniqueIndex('notes_author_client_id_unique').on(t.author_portal_user_id, t.client_id),
  ],
);

/**
 * One row per project that has notes: how many are shared with the portal, and the row every
 * writer locks (an upsert) before it inserts, so that within a project note ids are handed out in
 * commit order. That makes `since=<id>` polling exact (a note can never commit below an id a
 * reader has already seen), and the count lets the newest page of a long thread answer without
 * counting the thread (decision 020).
 */
export const noteThreads = pgTable(
  'note_threads',
  {
    id: id(),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    shared_count: integer().notNull().default(0),
    internal_count: integer().notNull().default(0),
    last_note_at: timestamp({ withTimezone: true, precision: 6 }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('note_threads_project_unique').on(t.project_id)],
);

/** How far a portal user has read a project's thread: the "since your last visit" mark. */
export const noteReads = pgTable(
  'note_reads',
  {
    id: id(),
    portal_user_id: integer()
      .notNull()
      .references(() => portalUsers.id, { onDelete: 'cascade' }),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    last_read_note_id: integer().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('note_reads_user_project_unique').on(t.portal_user_id, t.project_id)],
);

/** A file attached to a note (an image or a PDF, checked by its bytes); at most 5 per note, in order. */
export const noteAttachments = pgTable(
  'note_attachments',
  {
    id: id(),
    note_id: integer()
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    file_id: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('note_attachments_note_idx').on(t.note_id, t.position), uniqueIndex('note_attachments_file_unique').on(t.file_id)],
);
