import type { CoverPhoto } from '@portal/contract';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { WithFileLinks } from './files/links';
import type { Db, Executor } from '../db/client';
import type { AlbumRow, FileRow, PhotoRow } from '../db/rows';
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

export function coversRepository(db: Db) {
  const photoSelect = () =>
    db
      .select({ photo: photos, file: files })
      .from(photos)
      .innerJoin(files, and(eq(files.id, photos.file_id), eq(files.company_id, photos.company_id)));

  /** Counts and covers (the chosen photo, else the first by position) of some albums, in two queries. */
  async function albumCovers(rows: AlbumRow[]): Promise<AlbumWithCover[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const counts = await db.select({ album_id: photos.album_id, n: count() }).from(photos).where(inArray(photos.album_id, ids)).groupBy(photos.album_id);
    const firsts = await db
      .selectDistinctOn([photos.album_id], { id: photos.id, album_id: photos.album_id })
      .from(photos)
      .where(inArray(photos.album_id, ids))
      .orderBy(photos.album_id, asc(photos.position), asc(photos.id));
    const coverIds = rows.map((row) => {
      const chosen = row.cover_photo_id;
      return chosen ?? firsts.find((first) => first.album_id === row.id)?.id ?? null;
    });
    const wanted = coverIds.filter((id): id is number => id !== null);
    const covers = wanted.length > 0 ? await photoSelect().where(inArray(photos.id, wanted)) : [];
    return rows.map((album, index) => {
      const cover = covers.find((candidate) => candidate.photo.id === coverIds[index] && candidate.photo.album_id === album.id) ?? null;
      return { album, photo_count: Number(counts.find((row) => row.album_id === album.id)?.n ?? 0), cover };
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
      const rows = await db
        .select()
        .from(albums)
        .where(and(inArray(albums.project_id, projectIds), eq(albums.is_shared, true)))
        .orderBy(asc(albums.project_id), asc(albums.position), asc(albums.id));
      const withCover = await albumCovers(rows);
      for (const item of withCover) {
        if (item.cover && !result.has(item.album.project_id)) result.set(item.album.project_id, item.cover);
      }
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
