import type { ActivityArea, CompanySwitch, ProjectActivity } from '@portal/contract';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { albums, documents, invoices, notes, photos, staff, type companies } from '../../db/schema';
import { apiTimestamp } from '../../lib/timestamps';
import { isAreaEnabled } from '../../core/access/projects';

type Found = { project_id: number; at: Date; title: string };

/** The newest row of each project in one area, as the portal would show it (shared only, never a draft). */
function newestOf(db: Db, area: ActivityArea, ids: number[]): Promise<Found[]> {
  switch (area) {
    case 'notes':
      return db
        .selectDistinctOn([notes.project_id], {
          project_id: notes.project_id,
          at: notes.created_at,
          title: sql<string>`coalesce('Note from ' || ${staff.name}, 'New note')`,
        })
        .from(notes)
        .leftJoin(staff, eq(staff.id, notes.author_staff_id))
        .where(and(inArray(notes.project_id, ids), eq(notes.shared_with_portal, true)))
        .orderBy(notes.project_id, desc(notes.created_at), desc(notes.id));
    case 'photos':
      return db
        .selectDistinctOn([albums.project_id], { project_id: albums.project_id, at: photos.created_at, title: sql<string>`'Photos: ' || ${albums.name}` })
        .from(photos)
        .innerJoin(albums, eq(albums.id, photos.album_id))
        .where(and(inArray(albums.project_id, ids), eq(albums.is_shared, true)))
        .orderBy(albums.project_id, desc(photos.created_at), desc(photos.id));
    case 'invoices':
      return db
        .selectDistinctOn([invoices.project_id], {
          project_id: invoices.project_id,
          at: invoices.created_at,
          title: sql<string>`'Invoice ' || ${invoices.number}`,
        })
        .from(invoices)
        .where(and(inArray(invoices.project_id, ids), ne(invoices.state, 'draft')))
        .orderBy(invoices.project_id, desc(invoices.created_at), desc(invoices.id));
    case 'documents':
      return db
        .selectDistinctOn([documents.project_id], {
          project_id: documents.project_id,
          at: documents.created_at,
          title: sql<string>`'Document: ' || ${documents.name}`,
        })
        .from(documents)
        .where(and(inArray(documents.project_id, ids), eq(documents.is_shared, true)))
        .orderBy(documents.project_id, desc(documents.created_at), desc(documents.id));
  }
}

const AREAS: readonly ActivityArea[] = ['notes', 'photos', 'invoices', 'documents'];

/**
 * Each project's newest shared note, photo, invoice or document, for the project cards. An area the
 * project's company has switched off never counts: its rows stay out of sight, as its routes are.
 */
export async function latestActivity(
  db: Db,
  projects: readonly { id: number; company: Pick<typeof companies.$inferSelect, CompanySwitch> }[],
): Promise<Map<number, ProjectActivity>> {
  const found = await Promise.all(
    AREAS.map(async (area) => {
      const ids = projects.filter((project) => isAreaEnabled(project.company, area)).map((project) => project.id);
      return ids.length === 0 ? [] : (await newestOf(db, area, ids)).map((row) => ({ ...row, area }));
    }),
  );
  const result = new Map<number, ProjectActivity>();
  for (const row of found.flat()) {
    const current = result.get(row.project_id);
    const at = apiTimestamp(row.at);
    if (!current || current.at < at) result.set(row.project_id, { area: row.area, at, title: row.title });
  }
  return result;
}
