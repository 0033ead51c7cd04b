import type { IntegrationAllowanceCreate, IntegrationAllowanceDetail, IntegrationChangeOrderDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { ALLOWANCES_PATH, allowancePath, refreshSelections } from './paths';

export type AllowanceBody = Pick<IntegrationAllowanceCreate, 'name' | 'amount'>;

/** A new allowance of the project, or the allowance `allowanceId` changed (the server works its change orders out again). */
export function useSaveAllowance(projectId: number, allowanceId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AllowanceBody) =>
      allowanceId === undefined
        ? staffRequest<IntegrationAllowanceDetail>(ALLOWANCES_PATH, { method: 'POST', body: { ...body, project_id: projectId } })
        : staffRequest<IntegrationAllowanceDetail>(allowancePath(allowanceId), { method: 'PATCH', body }),
    onSuccess: () => refreshSelections(queryClient),
  });
}

/** The allowance goes; its selections stay, drawing on none. */
export function useDeleteAllowance(allowanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffRequest<void>(allowancePath(allowanceId), { method: 'DELETE' }),
    onSuccess: () => refreshSelections(queryClient),
  });
}

/** A credit change order draft for what is chosen under the allowance (the server refuses with 409 when there is none to carry). */
export function useCarryCredit(allowanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffRequest<IntegrationChangeOrderDetail>(`${allowancePath(allowanceId)}/credit`, { method: 'POST', body: {} }),
    onSuccess: () => refreshSelections(queryClient),
  });
}
