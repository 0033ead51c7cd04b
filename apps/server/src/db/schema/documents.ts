import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { companies } from './companies';
import { files } from './files';
import { projects } from './projects';

/**
 * A document of a project: a file with a display name, shared with the portal or not. Who shared
 * it is the file's uploader: a staff member, or the customer (a portal user), whose uploads are
 * marked as theirs.
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    file_id: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Unshared documents stay with the company and are invisible to the portal. */
    is_shared: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('documents_project_idx').on(t.project_id, t.is_shared, t.created_at), index('documents_file_idx').on(t.file_id)],
);
