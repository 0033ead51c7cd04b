import type { IntegrationPhoto } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { photosPath } from './list-photos';

/** Puts a photo at `index` (from 0) of its album's order; the server numbers the album again. */
export const movePhoto = (photoId: number, index: number) =>
  staffRequest<IntegrationPhoto>(`/integration/photos/${photoId}/move`, { method: 'POST', body: { index } });

export function useMovePhoto(albumId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, index }: { photoId: number; index: number }) => movePhoto(photoId, index),
    onSettled: () => client.invalidateQueries({ queryKey: staffQueryPrefix(photosPath(albumId)) }),
  });
}
