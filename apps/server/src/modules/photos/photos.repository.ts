import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { albums, files, photos } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';
import type { FileRow } from '../../core/files/files.repository';

export type AlbumRow = typeof albums.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type PhotoWithFile = { photo: PhotoRow; file: FileRow };
export type AlbumSort = 'position' | 'name' | 'created_at';

export interface ProjectScope {
  companyId: number;
  projectId: number;
}

export interface AlbumWithCover {
  album: AlbumRow;
  photo_count: number;
  cover: PhotoWithFile | null;
}

const SORT_COLUMNS = { position: albums.position, name: sql`lower(${albums.name})`, created_at: albums.created_at } as const;

export function photosRepository(db: Db) {
  /** Only shared albums of the project, of its own company, reach the portal. */
  const visible = (scope: ProjectScope): SQL =>
    and(eq(albums.project_id, scope.projectId), eq(albums.company_id, scope.companyId), eq(albums.is_shared, true))!;

  const photoSelect = () =>
    db
      .select({ photo: photos, file: files })
      .from(photos)
      .innerJoin(files, and(eq(files.id, photos.file_id), eq(files.company_id, photos.company_id)));

  /** Counts and covers (the chosen photo, else the first by position) of some albums, in two queries. */
  async function withCovers(rows: AlbumRow[]): Promise<AlbumWithCover[]> {
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
    async list(scope: ProjectScope, options: { sort: SortTerm<AlbumSort>[]; page: PageRequest }) {
      const order = options.sort.map((term) => (term.direction === 'desc' ? desc : asc)(SORT_COLUMNS[term.field]));
      order.push(asc(albums.id));
      const rows = await db.select().from(albums).where(visible(scope)).orderBy(...order).limit(options.page.size).offset(pageOffset(options.page));
      const [counted] = await db.select({ total: count() }).from(albums).where(visible(scope));
      return { rows: await withCovers(rows), total: counted?.total ?? 0 };
    },

    async find(scope: ProjectScope, albumId: number): Promise<AlbumWithCover | null> {
      const [row] = await db.select().from(albums).where(and(visible(scope), eq(albums.id, albumId))).limit(1);
      return row ? ((await withCovers([row]))[0] ?? null) : null;
    },

    /** An album by id alone, shared or not: for the signed zip URL, whose signature is the access check. */
    async findById(albumId: number): Promise<AlbumRow | null> {
      const [row] = await db.select().from(albums).where(eq(albums.id, albumId)).limit(1);
      return row ?? null;
    },

    async photosOf(albumId: number): Promise<PhotoWithFile[]> {
      return photoSelect().where(eq(photos.album_id, albumId)).orderBy(asc(photos.position), asc(photos.id));
    },

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
      const withCover = await withCovers(rows);
      for (const item of withCover) {
        if (item.cover && !result.has(item.album.project_id)) result.set(item.album.project_id, item.cover);
      }
      return result;
    },
  };
}
export type PhotosRepository = ReturnType<typeof photosRepository>;
