import type { IntegrationPhoto } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { photosPath } from './list-photos';

export const updatePhotoCaption = (photoId: number, caption: string | null) =>
  staffRequest<IntegrationPhoto>(`/integration/photos/${photoId}`, { method: 'PATCH', body: { caption } });

export function useUpdatePhotoCaption(albumId: number, photoId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (caption: string | null) => updatePhotoCaption(photoId, caption),
    onSuccess: () => client.invalidateQueries({ queryKey: staffQueryPrefix(photosPath(albumId)) }),
  });
}
