import type { QueryClient } from '@tanstack/react-query';
import { staffQueryPrefix } from '../../../lib/staff-api';

/** The company API's paths the console's change orders read and write (docs/company-api.md, Change orders). */
export const CHANGE_ORDERS_PATH = '/integration/change-orders';
export const changeOrderPath = (changeOrderId: number) => `${CHANGE_ORDERS_PATH}/${changeOrderId}`;

/** After any write the list and the change order are read again, so every figure and status on screen is the server's. */
export async function refreshChangeOrders(queryClient: QueryClient, changeOrderId?: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: staffQueryPrefix(CHANGE_ORDERS_PATH) }),
    changeOrderId === undefined ? null : queryClient.invalidateQueries({ queryKey: staffQueryPrefix(changeOrderPath(changeOrderId)) }),
  ]);
}
