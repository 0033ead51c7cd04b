import type { IntegrationAlbum } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { albumsPath } from './list-albums';

export const createAlbum = (projectId: number, name: string) => staffRequest<IntegrationAlbum>(albumsPath(projectId), { method: 'POST', body: { name } });

export function useCreateAlbum(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createAlbum(projectId, name),
    onSuccess: () => client.invalidateQueries({ queryKey: staffQueryPrefix(albumsPath(projectId)) }),
  });
}
