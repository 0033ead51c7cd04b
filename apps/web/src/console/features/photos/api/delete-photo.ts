import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { albumPath } from './get-album';
import { photosPath } from './list-photos';

export const deletePhoto = (photoId: number) => staffRequest<void>(`/integration/photos/${photoId}`, { method: 'DELETE' });

export function useDeletePhoto(albumId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) => deletePhoto(photoId),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: staffQueryPrefix(photosPath(albumId)) });
      await client.invalidateQueries({ queryKey: staffQueryPrefix(albumPath(albumId)) });
    },
  });
}
