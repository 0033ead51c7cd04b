import type { QueryClient } from '@tanstack/react-query';

/** The company API's paths the console's selections and allowances read and write (docs/company-api.md, Selections and allowances). */
export const ALLOWANCES_PATH = '/integration/allowances';
export const SELECTIONS_PATH = '/integration/selections';
export const allowancePath = (allowanceId: number) => `${ALLOWANCES_PATH}/${allowanceId}`;
export const selectionPath = (selectionId: number) => `${SELECTIONS_PATH}/${selectionId}`;
export const optionPath = (selectionId: number, optionId: number) => `${selectionPath(selectionId)}/options/${optionId}`;

/** What one write may change: a choice moves an allowance's money, and the allowance's money writes its change orders. */
const TOUCHED = [ALLOWANCES_PATH, SELECTIONS_PATH, '/integration/change-orders'];

/** After any write every selection, allowance and change order read is read again, so each figure on screen is the server's. */
export function refreshSelections(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === 'staff' && typeof queryKey[1] === 'string' && TOUCHED.some((path) => (queryKey[1] as string).startsWith(path)),
  });
}
