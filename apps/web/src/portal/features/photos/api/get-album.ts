import type { AlbumDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { singleQueryOptions } from '../../../../lib/loaders';

export const albumPath = (entity: number, album: number) => `/entities/${entity}/albums/${album}`;

/** One album with all of its photos. */
export const albumQueryOptions = (entity: number, album: number) => singleQueryOptions<AlbumDetail>(albumPath(entity, album));

export function useAlbum(entity: number, album: number | null) {
  return useQuery({ ...albumQueryOptions(entity, album ?? 0), enabled: album !== null });
}
