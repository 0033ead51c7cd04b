import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { albumPath } from './get-album';
import { albumsPath } from './list-albums';

export const deleteAlbum = (albumId: number) => staffRequest<void>(albumPath(albumId), { method: 'DELETE' });

export function useDeleteAlbum(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (albumId: number) => deleteAlbum(albumId),
    onSuccess: async (_, albumId) => {
      client.removeQueries({ queryKey: staffQueryPrefix(albumPath(albumId)) });
      await client.invalidateQueries({ queryKey: staffQueryPrefix(albumsPath(projectId)) });
    },
  });
}
