import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { companies } from './companies';
import { portalUsers } from './portal';
import { projects } from './projects';

/** A message sent through the contact form: kept, and mailed to the company's contact address. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    portal_user_id: integer().references(() => portalUsers.id, { onDelete: 'set null' }),
    project_id: integer().references(() => projects.id, { onDelete: 'set null' }),
    subject: text().notNull(),
    message: text().notNull(),
    /** The address it was mailed to; null when the company has no contact address. */
    sent_to: text(),
    ...timestamps(),
  },
  (t) => [index('contact_messages_company_idx').on(t.company_id, t.id), index('contact_messages_user_idx').on(t.portal_user_id)],
);
