import type { ChangeOrderApprove, ChangeOrderDecline, ChangeOrderDetail } from '@portal/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '../../../../lib/api-client';
import { changeOrderQueryOptions } from './get-change-order';
import { changeOrderPath, changeOrdersPath } from './paths';

export const approveChangeOrder = (entity: number, changeOrder: number, body: ChangeOrderApprove) =>
  apiRequest<ChangeOrderDetail>(`${changeOrderPath(entity, changeOrder)}/approve`, { method: 'POST', body });

export const declineChangeOrder = (entity: number, changeOrder: number, body: ChangeOrderDecline) =>
  apiRequest<ChangeOrderDetail>(`${changeOrderPath(entity, changeOrder)}/decline`, { method: 'POST', body });

/**
 * The answer is the change order as it now stands: shown at once; the list (its status) and the project's money (an
 * approval changes the revised contract, and may make an invoice) are read again.
 */
function settle(queryClient: QueryClient, entity: number, changeOrder: number, answered: ChangeOrderDetail) {
  queryClient.setQueryData(changeOrderQueryOptions(entity, changeOrder).queryKey, answered);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [changeOrdersPath(entity)] }),
    queryClient.invalidateQueries({ queryKey: ['entities', String(entity)] }),
    queryClient.invalidateQueries({ queryKey: [`/entities/${entity}/invoices`] }),
    queryClient.invalidateQueries({ queryKey: [`/entities/${entity}/invoices/summary`] }),
    queryClient.invalidateQueries({ queryKey: [`/entities/${entity}/statement`] }),
  ]);
}

/**
 * A 409 (expired, withdrawn, replaced, or answered meanwhile in another tab) means the page is stale: the change order
 * is read again so its status follows, and the form keeps showing the server's message.
 */
function refreshOnConflict(queryClient: QueryClient, entity: number, changeOrder: number) {
  return (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: changeOrderQueryOptions(entity, changeOrder).queryKey });
      void queryClient.invalidateQueries({ queryKey: [changeOrdersPath(entity)] });
    }
  };
}

export function useApproveChangeOrder(entity: number, changeOrder: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeOrderApprove) => approveChangeOrder(entity, changeOrder, body),
    onSuccess: (answered) => settle(queryClient, entity, changeOrder, answered),
    onError: refreshOnConflict(queryClient, entity, changeOrder),
  });
}

export function useDeclineChangeOrder(entity: number, changeOrder: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeOrderDecline) => declineChangeOrder(entity, changeOrder, body),
    onSuccess: (answered) => settle(queryClient, entity, changeOrder, answered),
    onError: refreshOnConflict(queryClient, entity, changeOrder),
  });
}
