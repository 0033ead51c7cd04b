import type { IntegrationAlbum, IntegrationPhoto } from '@portal/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions } from '../../../lib/staff-api';

/**
 * The photos that may be a project's cover: those of its shared albums (what the customers can see), album by album.
 * One request for the albums, then one per shared album; a project has a few.
 */
export function useCoverChoices(projectId: number, enabled: boolean) {
  const albums = useQuery({ ...staffPageQueryOptions<IntegrationAlbum>(`/integration/projects/${projectId}/albums`, { page: { size: 100 } }), enabled });
  const all = albums.data?.data ?? [];
  const shared = all.filter((album) => album.is_shared && album.photo_count > 0);
  const photos = useQueries({
    queries: shared.map((album) => ({
      ...staffPageQueryOptions<IntegrationPhoto>(`/integration/albums/${album.id}/photos`, { page: { size: 100 } }),
      enabled,
    })),
  });
  return {
    isPending: albums.isPending || photos.some((query) => query.isPending),
    isError: albums.isError || photos.some((query) => query.isError),
    /** Albums that are not shared but hold photos: named, so the office knows why their photos are not offered. */
    hiddenAlbums: all.filter((album) => !album.is_shared && album.photo_count > 0),
    albums: shared.map((album, index) => ({ album, photos: photos[index]?.data?.data ?? [] })),
  };
}
