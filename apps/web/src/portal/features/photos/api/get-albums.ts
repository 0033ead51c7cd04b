import type { Album } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { allQueryOptions } from '../../../../lib/loaders';

export const albumsPath = (entity: number) => `/entities/${entity}/albums`;

/** Every shared album of the project (fetch all: a project has a handful). */
export const albumsQueryOptions = (entity: number) => allQueryOptions<Album>(albumsPath(entity));

export function useAlbums(entity: number) {
  return useQuery(albumsQueryOptions(entity));
}
