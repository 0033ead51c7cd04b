import type { IntegrationSelectionChoose, IntegrationSelectionCreate, IntegrationSelectionDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { refreshSelections, SELECTIONS_PATH, selectionPath } from './paths';

/** Every field the selection's form sends; options have routes of their own. */
export type SelectionBody = Required<Pick<IntegrationSelectionCreate, 'title' | 'description' | 'room' | 'deadline' | 'allowance_id'>>;

/** A new selection of the project, or the selection `selectionId` changed. */
export function useSaveSelection(projectId: number, selectionId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SelectionBody) =>
      selectionId === undefined
        ? staffRequest<IntegrationSelectionDetail>(SELECTIONS_PATH, { method: 'POST', body: { ...body, project_id: projectId } })
        : staffRequest<IntegrationSelectionDetail>(selectionPath(selectionId), { method: 'PATCH', body }),
    onSuccess: () => refreshSelections(queryClient),
  });
}

/** The selection goes with its options (the server refuses while it has a choice). */
export function useDeleteSelection(selectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffRequest<void>(selectionPath(selectionId), { method: 'DELETE' }),
    onSuccess: () => {
      // Gone from the cache first, so that the page still showing it is not read again (a 404) on its way out.
      queryClient.removeQueries({ queryKey: staffQueryPrefix(selectionPath(selectionId)) });
      return refreshSelections(queryClient);
    },
  });
}

export type SelectionStep = 'lock' | 'unlock' | 'reset';

/** Lock (the choice can no longer change), unlock, or reset (the current choice is taken back and the customer chooses again). */
export function useSelectionStep(selectionId: number, step: SelectionStep) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffRequest<IntegrationSelectionDetail>(`${selectionPath(selectionId)}/${step}`, { method: 'POST', body: {} }),
    onSuccess: () => refreshSelections(queryClient),
  });
}

/** The company chooses on the customer's behalf, with a note of why; recorded as the company's choice. */
export function useChooseForCustomer(selectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntegrationSelectionChoose) =>
      staffRequest<IntegrationSelectionDetail>(`${selectionPath(selectionId)}/choose`, { method: 'POST', body }),
    onSuccess: () => refreshSelections(queryClient),
  });
}
