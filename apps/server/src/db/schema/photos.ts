import { boolean, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { companies } from './companies';
import { files } from './files';
import { projects } from './projects';

/** A photo album of a project; only shared albums reach the portal. */
export const albums = pgTable(
  'albums',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    is_shared: boolean().notNull().default(false),
    /** The photo shown on the album's card; null: the album's first photo. */
    cover_photo_id: integer().references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    position: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('albums_project_idx').on(t.project_id, t.is_shared, t.position)],
);

/** A photo in an album: an image file with a caption (the viewer's alt text). */
export const photos = pgTable(
  'photos',
  {
    id: id(),
    company_id: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    album_id: integer()
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    file_id: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    caption: text(),
    /** When the picture was taken, as the company says (else unknown). */
    taken_at: timestamp({ withTimezone: true, precision: 6 }),
    position: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('photos_album_idx').on(t.album_id, t.position), index('photos_file_idx').on(t.file_id)],
);
