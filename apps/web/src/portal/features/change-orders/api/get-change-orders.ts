import type { ChangeOrder } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../../lib/loaders';
import type { ChangeOrdersTableState } from '../search';
import { changeOrdersPath } from './paths';

/** One page of the project's change orders, as the list's state asks for it. */
export const changeOrdersQueryOptions = (entity: number, state: ChangeOrdersTableState) =>
  pageQueryOptions<ChangeOrder>(changeOrdersPath(entity), {
    filter: { status: state.status },
    sort: [`${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`],
    page: { number: state.page, size: state.size },
  });

/** The page on screen stays while the next one loads, so the list does not jump. */
export function useChangeOrders(entity: number, state: ChangeOrdersTableState) {
  return useQuery({ ...changeOrdersQueryOptions(entity, state), placeholderData: keepPreviousData });
}
