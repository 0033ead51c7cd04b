import type { CoverPhoto } from '@portal/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WithFileLinks } from './files/links';
import type { Executor } from '../db/client';
import type { AlbumRow, FileRow, PhotoRow } from '../db/rows';
import { idList, idTable } from '../db/id-list';
import { albums, files, photos } from '../db/schema';

/**
 * Album covers and project cover photos: the photos area lists albums with their covers, and the
 * projects list shows each project's cover, so both read covers here, one way.
 */

export type PhotoWithFile = { photo: PhotoRow; file: FileRow };

export interface AlbumWithCover {
  album: AlbumRow;
  photo_count: number;
  cover: PhotoWithFile | null;
}

/**
 * An album's cover photo: the one chosen for it, else its first by position. Whether the photo's file is there is
 * for the caller's join: without one, the album has no cover.
 */
const coverPhotoId = sql`coalesce(${albums.cover_photo_id}, (select first.id from ${photos} first where first.album_id = ${albums.id} order by first.position, first.id limit 1))`;

export function coversRepository(db: Executor) {
  const photoSelect = () =>
    db
      .select({ photo: photos, file: files })
      .from(photos)
      .innerJoin(files, and(eq(files.id, photos.file_id), eq(files.company_id, photos.company_id)));

  // Prepared on first use, then only executed: the albums page and the project cards read covers on every view.
  let albumStatement: ReturnType<typeof prepareAlbumCovers> | undefined;
  let projectStatement: ReturnType<typeof prepareProjectCovers> | undefined;

  function prepareAlbumCovers() {
    return db
      .select({
        album_id: albums.id,
        photo_count: sql<number>`(select count(*) from ${photos} counted where counted.album_id = ${albums.id})`.mapWith(Number),
        photo: photos,
        file: files,
      })
      .from(idTable('albums', 'album'))
      .innerJoin(albums, sql`${albums.id} = album.id`)
      .leftJoin(photos, and(eq(photos.album_id, albums.id), sql`${photos.id} = ${coverPhotoId}`))
      .leftJoin(files, and(eq(files.id, photos.file_id), eq(files.company_id, photos.company_id)))
      .prepare('album_covers');
  }

  /** Per project, the cover of its first shared album (by position) that has one with its file: a lateral probe each. */
  function prepareProjectCovers() {
    const cover = alias(photos, 'cover');
    const coverFile = alias(files, 'cover_file');
    const chosen = db
      .select({ photo_id: sql<number>`${cover.id}`.as('photo_id') })
      .from(albums)
      .innerJoin(cover, and(eq(cover.album_id, albums.id), sql`${cover.id} = ${coverPhotoId}`))
      .innerJoin(coverFile, and(eq(coverFile.id, cover.file_id), eq(coverFile.company_id, cover.company_id)))
      .where(and(sql`${albums.project_id} = project.id`, sql`${albums.is_shared}`))
      .orderBy(asc(albums.position), asc(albums.id))
      .limit(1)
      .as('project_cover');
    return db
      .select({ project_id: sql<number>`project.id`, photo: photos, file: files })
      .from(idTable('projects', 'project'))
      .crossJoinLateral(chosen)
      .innerJoin(photos, eq(photos.id, chosen.photo_id))
      .innerJoin(files, eq(files.id, photos.file_id))
      .prepare('project_covers');
  }

  /** Counts and covers (the chosen photo, else the first by position) of some albums, in one statement. */
  async function albumCovers(rows: AlbumRow[]): Promise<AlbumWithCover[]> {
    if (rows.length === 0) return [];
    albumStatement ??= prepareAlbumCovers();
    const found = new Map((await albumStatement.execute({ albums: idList(rows.map((row) => row.id)) })).map((row) => [row.album_id, row]));
    return rows.map((album) => {
      const row = found.get(album.id);
      return { album, photo_count: row?.photo_count ?? 0, cover: row?.photo && row.file ? { photo: row.photo, file: row.file } : null };
    });
  }

  return {
    albumCovers,
    /** Photos joined to their files (of the same company). */
    photoSelect,

    /**
     * The cover photo of each project: the cover of its first shared album (by position) that
     * has a photo. Callers ask only for projects whose company has albums switched on.
     */
    async projectCovers(projectIds: number[]): Promise<Map<number, PhotoWithFile>> {
      const result = new Map<number, PhotoWithFile>();
      if (projectIds.length === 0) return result;
      projectStatement ??= prepareProjectCovers();
      for (const { project_id, photo, file } of await projectStatement.execute({ projects: idList(projectIds) })) result.set(project_id, { photo, file });
      return result;
    },
  };
}

/** A project's cover photo (docs/requirements.md 13.6): the image proxy's signed base URL, which the web sizes. */
export function serializeCoverPhoto(app: WithFileLinks, { photo, file }: PhotoWithFile): CoverPhoto {
  return { id: photo.id, url: app.fileLinks.image(file.id), width: file.width, height: file.height, caption: photo.caption };
}

/**
 * Makes a photo the project's cover by the rule of decision 019 (the cover of the first shared album): the photo's
 * album takes it as its cover and moves before the project's other albums, which keep their order
 * (docs/decisions/053-staff-projects.md). `not-found`: not a photo of this project; `not-shared`: its album is not
 * shared, so the customers could not see it. Run it in the transaction of the project's update.
 */
export async function chooseProjectCover(
  db: Executor,
  companyId: number,
  projectId: number,
  photoId: number,
  now: Date,
): Promise<'chosen' | 'not-found' | 'not-shared'> {
  const [found] = await db
    .select({ albumId: albums.id, shared: albums.is_shared })
    .from(photos)
    .innerJoin(albums, and(eq(albums.id, photos.album_id), eq(albums.company_id, photos.company_id)))
    .where(and(eq(photos.id, photoId), eq(photos.company_id, companyId), eq(albums.project_id, projectId)))
    .for('update');
  if (!found) return 'not-found';
  if (!found.shared) return 'not-shared';
  await db
    .update(albums)
    .set({ position: sql`${albums.position} + 1`, updated_at: now })
    .where(and(eq(albums.project_id, projectId), eq(albums.company_id, companyId), ne(albums.id, found.albumId)));
  await db.update(albums).set({ cover_photo_id: photoId, position: 0, updated_at: now }).where(eq(albums.id, found.albumId));
  return 'chosen';
}
