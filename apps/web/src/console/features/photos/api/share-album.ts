import type { IntegrationAlbum } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { albumPath, albumQueryOptions } from './get-album';
import { albumsPath } from './list-albums';

/** Shares an album with the project's customers (they are emailed once per album) or stops sharing it. */
export const setAlbumShared = (albumId: number, shared: boolean) =>
  staffRequest<IntegrationAlbum>(`${albumPath(albumId)}/${shared ? 'share' : 'unshare'}`, { method: 'POST' });

export function useSetAlbumShared(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ albumId, shared }: { albumId: number; shared: boolean }) => setAlbumShared(albumId, shared),
    onSuccess: async (album) => {
      client.setQueryData(albumQueryOptions(album.id).queryKey, album);
      await client.invalidateQueries({ queryKey: staffQueryPrefix(albumsPath(projectId)) });
    },
  });
}
