import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { albums, photos } from '../../db/schema';
import type { PageRequest, SortTerm } from '../../lib/list-query';
import { pageOffset } from '../../lib/pagination';

import { coversRepository, type AlbumWithCover, type PhotoWithFile } from '../../core/covers';
export type AlbumSort = 'position' | 'name' | 'created_at';

import type { ProjectScope } from '../../core/access/projects';

const SORT_COLUMNS = { position: albums.position, name: sql`lower(${albums.name})`, created_at: albums.created_at } as const;

export function photosRepository(db: Executor) {
  /** Only shared albums of the project, of its own company, reach the portal. */
  const visible = (scope: ProjectScope): SQL =>
    and(eq(albums.project_id, scope.projectId), eq(albums.company_id, scope.companyId), eq(albums.is_shared, true))!;

  const covers = coversRepository(db);

  return {
    async list(scope: ProjectScope, options: { sort: SortTerm<AlbumSort>[]; page: PageRequest }) {
      const order = options.sort.map((term) => (term.direction === 'desc' ? desc : asc)(SORT_COLUMNS[term.field]));
      order.push(asc(albums.id));
      const rows = await db
        .select()
        .from(albums)
        .where(visible(scope))
        .orderBy(...order)
        .limit(options.page.size)
        .offset(pageOffset(options.page));
      const [counted] = await db.select({ total: count() }).from(albums).where(visible(scope));
      return { rows: await covers.albumCovers(rows), total: counted?.total ?? 0 };
    },

    async find(scope: ProjectScope, albumId: number): Promise<AlbumWithCover | null> {
      const [row] = await db
        .select()
        .from(albums)
        .where(and(visible(scope), eq(albums.id, albumId)))
        .limit(1);
      return row ? ((await covers.albumCovers([row]))[0] ?? null) : null;
    },

    async photosOf(albumId: number): Promise<PhotoWithFile[]> {
      return covers.photoSelect().where(eq(photos.album_id, albumId)).orderBy(asc(photos.position), asc(photos.id));
    },
  };
}
export type PhotosRepository = ReturnType<typeof photosRepository>;
