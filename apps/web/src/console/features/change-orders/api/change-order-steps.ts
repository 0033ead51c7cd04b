import type { IntegrationChangeOrderCreate, IntegrationChangeOrderDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { CHANGE_ORDERS_PATH, changeOrderPath, refreshChangeOrders } from './paths';

/** Every field of a draft as the editor sends it; `items` and `file_ids` replace the draft's lists. */
export type ChangeOrderDraftBody = Required<Omit<IntegrationChangeOrderCreate, 'project_id' | 'currency' | 'number'>> & { number?: number };

/** A new draft, or the draft `changeOrderId` changed (PATCH: a sent one answers 409). */
export function useSaveChangeOrder(projectId: number, changeOrderId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeOrderDraftBody) =>
      changeOrderId === undefined
        ? staffRequest<IntegrationChangeOrderDetail>(CHANGE_ORDERS_PATH, { method: 'POST', body: { ...body, project_id: projectId } })
        : staffRequest<IntegrationChangeOrderDetail>(changeOrderPath(changeOrderId), { method: 'PATCH', body }),
    onSuccess: (saved) => refreshChangeOrders(queryClient, saved.id),
  });
}

/** A step on one change order (`send`, `withdraw`, `revise`): the answer is the change order it leaves (for revise, the new draft). */
function useStep(step: 'send' | 'withdraw' | 'revise') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeOrderId: number) =>
      staffRequest<IntegrationChangeOrderDetail>(`${changeOrderPath(changeOrderId)}/${step}`, { method: 'POST', body: {} }),
    // Sending supersedes an older sent version, and revise makes a new draft: the whole list is read again.
    onSuccess: (changed, changeOrderId) => Promise.all([refreshChangeOrders(queryClient, changed.id), refreshChangeOrders(queryClient, changeOrderId)]),
  });
}

/** The draft becomes sent: the customers see it and are emailed; an older sent version becomes superseded. */
export const useSendChangeOrder = () => useStep('send');
/** A sent change order taken back: the customers still see it, marked withdrawn, and can no longer approve it. */
export const useWithdrawChangeOrder = () => useStep('withdraw');
/** A new draft copied from a sent change order: the same number, the next version. */
export const useReviseChangeOrder = () => useStep('revise');

/** A draft nobody has seen goes for good. */
export function useDeleteChangeOrder(changeOrderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffRequest<void>(changeOrderPath(changeOrderId), { method: 'DELETE' }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: staffQueryPrefix(changeOrderPath(changeOrderId)) });
      await refreshChangeOrders(queryClient);
    },
  });
}
