import type { IntegrationSelectionOption, IntegrationSelectionOptionCreate, IntegrationSelectionPhotos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { uploadRequest } from '../../../lib/upload';
import { optionPath, refreshSelections, selectionPath } from './paths';

/** Every field the option's form sends. */
export type OptionBody = Required<Pick<IntegrationSelectionOptionCreate, 'title' | 'description' | 'price' | 'lead_time_days' | 'supplier_url'>>;

/** A new option of the selection, or the option `optionId` changed (a choice already made keeps what was chosen). */
export function useSaveOption(selectionId: number, optionId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OptionBody) =>
      optionId === undefined
        ? staffRequest<IntegrationSelectionOption>(`${selectionPath(selectionId)}/options`, { method: 'POST', body })
        : staffRequest<IntegrationSelectionOption>(optionPath(selectionId, optionId), { method: 'PATCH', body }),
    onSuccess: () => refreshSelections(queryClient),
  });
}

/** The option goes (the server refuses one that was ever chosen). */
export function useDeleteOption(selectionId: number, optionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffRequest<void>(optionPath(selectionId, optionId), { method: 'DELETE' }),
    onSuccess: () => refreshSelections(queryClient),
  });
}

/** Photos added to the option, in the order chosen, in one request: the server stores all of them, or none past the limit. */
export function useUploadOptionPhotos(selectionId: number, optionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => {
      const body = new FormData();
      for (const file of files) body.append('files', file, file.name);
      return uploadRequest<IntegrationSelectionPhotos>(`${optionPath(selectionId, optionId)}/photos`, body, { staff: true });
    },
    onSuccess: () => refreshSelections(queryClient),
  });
}

/** One photo taken off the option. */
export function useDeleteOptionPhoto(selectionId: number, optionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) => staffRequest<void>(`${optionPath(selectionId, optionId)}/photos/${photoId}`, { method: 'DELETE' }),
    onSuccess: () => refreshSelections(queryClient),
  });
}
