import type { Invoice } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../../lib/loaders';
import type { TableState } from '../search';

export const invoicesPath = (entity: number) => `/entities/${entity}/invoices`;

/** One page of the project's invoices, as the table's state asks for it. */
export const invoicesQueryOptions = (entity: number, state: TableState) =>
  pageQueryOptions<Invoice>(invoicesPath(entity), {
    filter: { status: state.status },
    sort: [`${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`],
    page: { number: state.page, size: state.size },
  });

/** The page on screen stays while the next one loads, so the table does not jump. */
export function useInvoices(entity: number, state: TableState) {
  return useQuery({ ...invoicesQueryOptions(entity, state), placeholderData: keepPreviousData });
}
