import type { SelectionChoose, SelectionDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '../../../../lib/api-client';
import { selectionQueryOptions } from './get-selection';
import { selectionPath, selectionsPath } from './paths';

export const chooseOption = (entity: number, selection: number, body: SelectionChoose) =>
  apiRequest<SelectionDetail>(`${selectionPath(entity, selection)}/choose`, { method: 'POST', body });

/**
 * The answer is the selection as it now stands: shown at once. The list (its status, the allowances' sums) is read
 * again, and so are the change orders: a choice over its allowance may have sent one. A 409 (locked, or the deadline
 * passed, meanwhile) or a 422 (the option was taken away) means the page is stale: the selection is read again.
 */
export function useChooseOption(entity: number, selection: number) {
  const queryClient = useQueryClient();
  const detailKey = selectionQueryOptions(entity, selection).queryKey;
  return useMutation({
    mutationFn: (body: SelectionChoose) => chooseOption(entity, selection, body),
    onSuccess: (chosen) => {
      queryClient.setQueryData(detailKey, chosen);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [selectionsPath(entity)] }),
        queryClient.invalidateQueries({ queryKey: [`/entities/${entity}/change-orders`] }),
      ]);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && (error.status === 409 || error.status === 422)) {
        void queryClient.invalidateQueries({ queryKey: detailKey });
        void queryClient.invalidateQueries({ queryKey: [selectionsPath(entity)] });
      }
    },
  });
}
