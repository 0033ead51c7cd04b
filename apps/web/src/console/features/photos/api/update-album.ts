import type { IntegrationAlbum } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { albumPath, albumQueryOptions } from './get-album';
import { albumsPath } from './list-albums';

export const renameAlbum = (albumId: number, name: string) => staffRequest<IntegrationAlbum>(albumPath(albumId), { method: 'PATCH', body: { name } });

export function useRenameAlbum(projectId: number, albumId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameAlbum(albumId, name),
    onSuccess: async (album) => {
      client.setQueryData(albumQueryOptions(albumId).queryKey, album);
      await client.invalidateQueries({ queryKey: staffQueryPrefix(albumsPath(projectId)) });
    },
  });
}
