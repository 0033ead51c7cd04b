import type { ActivityArea, CompanySwitch, ProjectActivity } from '@portal/contract';
import { and, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { idList, idTable } from '../../db/id-list';
import { albums, documents, invoices, notes, photos, staff, type companies } from '../../db/schema';
import { apiTimestamp } from '../../lib/timestamps';
import { isAreaEnabled } from '../../core/access/projects';

const AREAS: readonly ActivityArea[] = ['notes', 'photos', 'invoices', 'documents'];

// The rules are written into the text, not bound as values: a plan made once for every call can then use the
// partial index of shared notes, which a parameter could not promise to match.
const projectId = sql<number>`project.id`;
const isProject = (column: AnyColumn) => sql`${column} = project.id`;

/**
 * Each project's newest row of each area, as the portal would show it (shared only, never a draft): for every
 * project one index probe per area, newest first and one row (a lateral join). One statement for the four areas,
 * planned once (docs/decisions/091-list-reads-planned-once.md).
 */
function prepareNewest(db: Db) {
  const note = db
    .select({
      at: sql<Date>`${notes.created_at}`.mapWith(notes.created_at).as('at'),
      title: sql<string>`coalesce('Note from ' || ${staff.name}, 'New note')`.as('title'),
    })
    .from(notes)
    .leftJoin(staff, eq(staff.id, notes.author_staff_id))
    .where(and(isProject(notes.project_id), sql`${notes.shared_with_portal}`))
    .orderBy(desc(notes.created_at), desc(notes.id))
    .limit(1)
    .as('newest');
  const photo = db
    .select({ at: sql<Date>`${photos.created_at}`.mapWith(photos.created_at).as('at'), title: sql<string>`'Photos: ' || ${albums.name}`.as('title') })
    .from(photos)
    .innerJoin(albums, eq(albums.id, photos.album_id))
    .where(and(isProject(albums.project_id), sql`${albums.is_shared}`))
    .orderBy(desc(photos.created_at), desc(photos.id))
    .limit(1)
    .as('newest');
  const invoice = db
    .select({ at: sql<Date>`${invoices.created_at}`.mapWith(invoices.created_at).as('at'), title: sql<string>`'Invoice ' || ${invoices.number}`.as('title') })
    .from(invoices)
    .where(and(isProject(invoices.project_id), sql`${invoices.state} <> 'draft'`))
    .orderBy(desc(invoices.created_at), desc(invoices.id))
    .limit(1)
    .as('newest');
  const document = db
    .select({
      at: sql<Date>`${documents.created_at}`.mapWith(documents.created_at).as('at'),
      title: sql<string>`'Document: ' || ${documents.name}`.as('title'),
    })
    .from(documents)
    .where(and(isProject(documents.project_id), sql`${documents.is_shared}`))
    .orderBy(desc(documents.created_at), desc(documents.id))
    .limit(1)
    .as('newest');
  const area = (name: ActivityArea, newest: typeof note) =>
    db
      .select({ project_id: projectId, area: sql<ActivityArea>`${sql.raw(`'${name}'`)}::text`, at: newest.at, title: newest.title })
      .from(idTable(name, 'project'))
      .crossJoinLateral(newest);
  return unionAll(area('notes', note), area('photos', photo), area('invoices', invoice), area('documents', document)).prepare('latest_activity');
}

const statements = new WeakMap<Db, ReturnType<typeof prepareNewest>>();

/**
 * Each project's newest shared note, photo, invoice or document, for the project cards. An area the
 * project's company has switched off never counts: its rows stay out of sight, as its routes are.
 */
export async function latestActivity(
  db: Db,
  projects: readonly { id: number; company: Pick<typeof companies.$inferSelect, CompanySwitch> }[],
): Promise<Map<number, ProjectActivity>> {
  const result = new Map<number, ProjectActivity>();
  if (projects.length === 0) return result;
  const ids = Object.fromEntries(
    AREAS.map((area) => [area, idList(projects.filter((project) => isAreaEnabled(project.company, area)).map((project) => project.id))]),
  );
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepareNewest(db)));
  const found = await statement.execute(ids);
  // Rows come area by area in AREAS' order, so at the same instant the earlier area wins, as it always has.
  for (const row of found) {
    const at = apiTimestamp(row.at);
    const current = result.get(row.project_id);
    if (!current || current.at < at) result.set(row.project_id, { area: row.area, at, title: row.title });
  }
  return result;
}
