import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { companies } from './companies';
import { apiKeys } from './integration';
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
    /** When the company marked it handled (null: still to handle), and with which API key. */
    handled_at: timestamp({ withTimezone: true, precision: 6 }),
    handled_by_api_key_id: integer().references(() => apiKeys.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('contact_messages_company_idx').on(t.company_id, t.id), index('contact_messages_user_idx').on(t.portal_user_id)],
);
