import { AREA_SWITCHES } from '@portal/contract';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { AlbumRow, FileRow } from '../../db/rows';
import {
  albums,
  changeOrderFiles,
  changeOrders,
  companies,
  documents,
  files,
  noteAttachments,
  notes,
  photos,
  portalEntities,
  selectionOptionPhotos,
  selectionOptions,
  selections,
  sessions,
  staff,
} from '../../db/schema';
import type { UrlSigner } from '../../lib/signed-urls';
import { parseAudience, signedPath, type LinkAudience } from './links';
import { invalidSignature } from './serve';

/**
 * The portal user of the session is shared the project (the same rows requireEntity reads); a staff member's preview
 * of that user reads its own company's projects only, and none once the member is deactivated.
 */
const projectSharedWith = (projectId: SQL | PgColumn, companyId: SQL | PgColumn): SQL =>
  sql`${portalEntities.portal_user_id} = ${sessions.portal_user_id} and ${portalEntities.model_type} = 'project'
    and ${portalEntities.model_id} = ${projectId} and ${portalEntities.company_id} = ${companyId}
    and (${sessions.preview_staff_id} is null or exists (
      select 1 from ${staff} where ${staff.id} = ${sessions.preview_staff_id}
        and ${staff.company_id} = ${portalEntities.company_id} and ${staff.deactivated_at} is null))`;

const areaOn = (area: keyof typeof AREA_SWITCHES): SQL => sql`${companies[AREA_SWITCHES[area]]}`;

/** A portal session that has not signed out (a deleted session or user has no row at all). */
const liveSession = (sessionId: number): SQL => and(eq(sessions.id, sessionId), isNull(sessions.revoked_at), isNotNull(sessions.portal_user_id))!;

/**
 * The check a signed file URL passes at each use (docs/decisions/062-file-links-checked-at-use.md): the
 * audience the URL was signed for must still be allowed to see the file. One query, on primary keys and the
 * indexes of `file_id` and of the portal user's entities, whatever holds the file.
 */
export function linkAccess(db: Db) {
  /**
   * For a portal session, the file must be held by something the portal shows that user now: a shared
   * document, a photo of a shared album, an attachment of a note shared with the portal, a file of a change order
   * sent to the customer (never a draft's), a photo of a selection's option, each in a project
   * still shared with the user and in an area the company has on. The same rules as the portal's own reads.
   */
  const heldForPortal = sql`(
    (${areaOn('documents')} and exists (
      select 1 from ${documents} join ${portalEntities} on ${projectSharedWith(documents.project_id, documents.company_id)}
      where ${documents.file_id} = ${files.id} and ${documents.is_shared}))
    or (${areaOn('photos')} and exists (
      select 1 from ${photos} join ${albums} on ${albums.id} = ${photos.album_id} and ${albums.is_shared}
      join ${portalEntities} on ${projectSharedWith(sql`${albums.project_id}`, sql`${albums.company_id}`)}
      where ${photos.file_id} = ${files.id}))
    or (${areaOn('notes')} and exists (
      select 1 from ${noteAttachments} join ${notes} on ${notes.id} = ${noteAttachments.note_id} and ${notes.shared_with_portal}
      join ${portalEntities} on ${projectSharedWith(sql`${notes.project_id}`, files.company_id)}
      where ${noteAttachments.file_id} = ${files.id}))
    or (${areaOn('change_orders')} and exists (
      select 1 from ${changeOrderFiles} join ${changeOrders} on ${changeOrders.id} = ${changeOrderFiles.change_order_id} and ${changeOrders.state} <> 'draft'
      join ${portalEntities} on ${projectSharedWith(sql`${changeOrders.project_id}`, sql`${changeOrders.company_id}`)}
      where ${changeOrderFiles.file_id} = ${files.id}))
    or (${areaOn('selections')} and exists (
      select 1 from ${selectionOptionPhotos} join ${selectionOptions} on ${selectionOptions.id} = ${selectionOptionPhotos.option_id}
      join ${selections} on ${selections.id} = ${selectionOptions.selection_id}
      join ${portalEntities} on ${projectSharedWith(sql`${selections.project_id}`, sql`${selections.company_id}`)}
      where ${selectionOptionPhotos.file_id} = ${files.id}))
  )`;

  return {
    /** The file when the audience may still see it; null otherwise (the route answers 404). */
    async file(fileId: number, audience: LinkAudience): Promise<FileRow | null> {
      if (audience.kind === 'company') {
        const [row] = await db
          .select()
          .from(files)
          .where(and(eq(files.id, fileId), eq(files.company_id, audience.companyId)))
          .limit(1);
        return row ?? null;
      }
      const [row] = await db
        .select({ file: files })
        .from(files)
        .innerJoin(sessions, liveSession(audience.sessionId))
        .innerJoin(companies, eq(companies.id, files.company_id))
        .where(and(eq(files.id, fileId), heldForPortal))
        .limit(1);
      return row?.file ?? null;
    },

    /** The album (for its zip) when the audience may still see it: shared, in a project shared with the user, photos on. */
    async album(albumId: number, audience: LinkAudience): Promise<AlbumRow | null> {
      if (audience.kind === 'company') {
        const [row] = await db
          .select()
          .from(albums)
          .where(and(eq(albums.id, albumId), eq(albums.company_id, audience.companyId)))
          .limit(1);
        return row ?? null;
      }
      const [row] = await db
        .select({ album: albums })
        .from(albums)
        .innerJoin(sessions, liveSession(audience.sessionId))
        .innerJoin(companies, eq(companies.id, albums.company_id))
        .where(
          and(
            eq(albums.id, albumId),
            eq(albums.is_shared, true),
            areaOn('photos'),
            sql`exists (select 1 from ${portalEntities} where ${projectSharedWith(sql`${albums.project_id}`, sql`${albums.company_id}`)})`,
          ),
        )
        .limit(1);
      return row?.album ?? null;
    },
  };
}
export type LinkAccess = ReturnType<typeof linkAccess>;

/**
 * Who a signed URL of `path` was handed to, or 403 when it is altered, expired, signed for another path or
 * carries no audience (a link made before links had one: the page that showed it fetches a new one).
 */
export function verifyLink(
  urls: UrlSigner,
  path: string,
  query: { aud?: string | undefined; exp?: string | undefined; sig?: string | undefined },
  now: Date,
): LinkAudience {
  const audience = parseAudience(query.aud);
  if (!audience || !urls.verify(signedPath(path, audience), query.exp, query.sig, now)) throw invalidSignature();
  return audience;
}
