import { and, asc, count, eq, gte, inArray, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { albums, files, photos, projects } from '../../db/schema';
import type { AlbumRow, FileRow, PhotoRow } from '../../db/rows';
import type { PageRequest } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';

/** A company's albums and photos, as its integration API reads and writes them (every query scoped by company). */
export function albumsRepository(db: Executor) {
  const photoCounts = (albumIds: number[]) =>
    albumIds.length === 0
      ? Promise.resolve(new Map<number, number>())
      : db
          .select({ albumId: photos.album_id, total: count() })
          .from(photos)
          .where(inArray(photos.album_id, albumIds))
          .groupBy(photos.album_id)
          .then((rows) => new Map(rows.map((row) => [row.albumId, Number(row.total)])));

  return {
    async project(companyId: number, projectId: number) {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.company_id, companyId), eq(projects.id, projectId)));
      return row ?? null;
    },

    async list(companyId: number, projectId: number, options: { updatedSince?: Date; page: PageRequest }) {
      const where = and(
        eq(albums.company_id, companyId),
        eq(albums.project_id, projectId),
        options.updatedSince ? gte(albums.updated_at, options.updatedSince) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(albums).where(where).orderBy(asc(albums.position), asc(albums.id)).limit(options.page.size).offset(pageOffset(options.page)),
        db.select({ total: count() }).from(albums).where(where),
      ]);
      const counts = await photoCounts(rows.map((row) => row.id));
      return { rows: rows.map((album) => ({ album, photoCount: counts.get(album.id) ?? 0 })), total: Number(total?.total ?? 0) };
    },

    async find(companyId: number, albumId: number): Promise<{ album: AlbumRow; photoCount: number } | null> {
      const [album] = await db
        .select()
        .from(albums)
        .where(and(eq(albums.company_id, companyId), eq(albums.id, albumId)));
      if (!album) return null;
      return { album, photoCount: (await photoCounts([album.id])).get(album.id) ?? 0 };
    },

    async create(companyId: number, projectId: number, values: { name: string; position?: number }, now: Date) {
      const [album] = await db
        .insert(albums)
        .values({ ...values, company_id: companyId, project_id: projectId, is_shared: false, created_at: now, updated_at: now })
        .returning();
      return album!;
    },

    async update(companyId: number, albumId: number, values: Partial<Pick<AlbumRow, 'name' | 'position' | 'is_shared'>>, now: Date) {
      const [album] = await db
        .update(albums)
        .set({ ...values, updated_at: now })
        .where(and(eq(albums.company_id, companyId), eq(albums.id, albumId)))
        .returning();
      return album ?? null;
    },

    async remove(albumId: number) {
      await db.delete(albums).where(eq(albums.id, albumId));
    },

    /** The album's photos' files, for deleting their bytes once the rows are gone. */
    async filesOfAlbum(albumId: number): Promise<FileRow[]> {
      return db
        .select({ file: files })
        .from(photos)
        .innerJoin(files, eq(files.id, photos.file_id))
        .where(eq(photos.album_id, albumId))
        .then((rows) => rows.map((row) => row.file));
    },

    async photos(albumId: number, options: { updatedSince?: Date; page: PageRequest }) {
      const where = and(eq(photos.album_id, albumId), options.updatedSince ? gte(photos.updated_at, options.updatedSince) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({ photo: photos, file: files })
          .from(photos)
          .innerJoin(files, eq(files.id, photos.file_id))
          .where(where)
          .orderBy(asc(photos.position), asc(photos.id))
          .limit(options.page.size)
          .offset(pageOffset(options.page)),
        db.select({ total: count() }).from(photos).where(where),
      ]);
      return { rows, total: Number(total?.total ?? 0) };
    },

    async photo(companyId: number, photoId: number): Promise<{ photo: PhotoRow; file: FileRow; album: AlbumRow } | null> {
      const [row] = await db
        .select({ photo: photos, file: files, album: albums })
        .from(photos)
        .innerJoin(files, eq(files.id, photos.file_id))
        .innerJoin(albums, eq(albums.id, photos.album_id))
        .where(and(eq(photos.company_id, companyId), eq(photos.id, photoId)));
      return row ?? null;
    },

    /** New photos at the end of the album, in the order sent, in one statement. */
    async addPhotos(companyId: number, albumId: number, fileRows: FileRow[], details: { caption: string | null; takenAt: Date | null }, now: Date) {
      return db.transaction(async (tx) => {
        const [last] = await tx
          .select({ position: max(photos.position) })
          .from(photos)
          .where(eq(photos.album_id, albumId));
        const start = (last?.position ?? -1) + 1;
        const rows = await tx
          .insert(photos)
          .values(
            fileRows.map((file, index) => ({
              company_id: companyId,
              album_id: albumId,
              file_id: file.id,
              caption: details.caption,
              taken_at: details.takenAt,
              position: start + index,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning();
        await tx.update(albums).set({ updated_at: now }).where(eq(albums.id, albumId));
        return rows.map((photo, index) => ({ photo, file: fileRows[index]! }));
      });
    },

    /**
     * Puts a photo at `index` of its album's order and numbers the album 0, 1, 2… in one transaction, so moves never
     * tie (a photo moved in from another album keeps whatever position it had). Touches only the rows whose place changed.
     */
    async movePhoto(albumId: number, photoId: number, index: number, now: Date) {
      return db.transaction(async (tx) => {
        // Lock the album's row so two moves in one album run one after the other.
        await tx.select({ id: albums.id }).from(albums).where(eq(albums.id, albumId)).for('update');
        const rows = await tx
          .select({ id: photos.id, position: photos.position })
          .from(photos)
          .where(eq(photos.album_id, albumId))
          .orderBy(asc(photos.position), asc(photos.id));
        const order = rows.filter((row) => row.id !== photoId).map((row) => row.id);
        order.splice(Math.min(index, order.length), 0, photoId);
        const current = new Map(rows.map((row) => [row.id, row.position]));
        for (const [position, id] of order.entries()) {
          if (current.get(id) !== position) await tx.update(photos).set({ position, updated_at: now }).where(eq(photos.id, id));
        }
        const [moved] = await tx.select().from(photos).where(eq(photos.id, photoId));
        return moved!;
      });
    },

    async updatePhoto(photoId: number, values: Partial<Pick<PhotoRow, 'caption' | 'taken_at' | 'position' | 'album_id'>>, now: Date) {
      const [row] = await db
        .update(photos)
        .set({ ...values, updated_at: now })
        .where(eq(photos.id, photoId))
        .returning();
      return row!;
    },
  };
}
