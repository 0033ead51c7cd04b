import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { companies, staff } from './companies';
import { portalUsers } from './portal';

/**
 * One uploaded file: its bytes live in the blob store under `blob_key` (random, chosen by the
 * store), everything a download needs lives here. `content_type` and `kind` come from the file's
 * bytes (lib/file-types.ts), never from what the uploader claimed. Photos, documents and note
 * attachments each point at a row of this table; access is always decided through them.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    blob_key: text().notNull(),
    /** The name as the uploader gave it (sanitized: no path, no control characters); downloads use it. */
    original_name: text().notNull(),
    content_type: text().notNull(),
    /** pdf, jpeg, png, webp, gif, docx, xlsx, doc, xls or text. */
    kind: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    /** Pixel size of images; null for everything else. */
    width: integer(),
    height: integer(),
    /** Who uploaded it: a staff member of the company, or a portal user (a customer); both null for imports. */
    uploaded_by_staff_id: integer().references(() => staff.id, { onDelete: 'set null' }),
    uploaded_by_portal_user_id: integer().references(() => portalUsers.id, { onDelete: 'set null' }),
    created_at: timestamp({ withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_blob_key_unique').on(t.blob_key), index('files_company_idx').on(t.company_id)],
);
