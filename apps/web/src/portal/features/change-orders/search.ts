import {
  CHANGE_ORDER_DEFAULT_PAGE_SIZE,
  CHANGE_ORDER_DEFAULT_SORT,
  CHANGE_ORDER_SORTS,
  PORTAL_CHANGE_ORDER_STATUSES,
} from '@portal/contract/change-order-constants';
import { integer, isMissing, oneOf } from '../../../lib/search';
import { tableSearch, type TableState } from '../../../lib/table-search';

export type ChangeOrderSort = (typeof CHANGE_ORDER_SORTS)[number];
export type ChangeOrderStatusFilter = (typeof PORTAL_CHANGE_ORDER_STATUSES)[number];

/**
 * The change orders page keeps its state in the URL, as the invoices page does (lib/table-search.ts): page, size,
 * sort, the status filter and the open change order (`?change_order=`, so the emailed link opens it). A value the page
 * does not know (an old bookmark, a typo) falls back to the default instead of failing the route. Plain functions: the
 * route's validator is in the first bundle (decision 024).
 */
export interface ChangeOrdersSearch {
  page?: number | undefined;
  size?: number | undefined;
  sort?: string | undefined;
  status?: ChangeOrderStatusFilter | undefined;
  change_order?: number | undefined;
}

export interface ChangeOrdersTableState extends Omit<TableState<ChangeOrderSort>, 'search'> {
  status: ChangeOrderStatusFilter | undefined;
}

const table = tableSearch<ChangeOrderSort>({
  sorts: CHANGE_ORDER_SORTS,
  defaultSort: CHANGE_ORDER_DEFAULT_SORT,
  defaultSize: CHANGE_ORDER_DEFAULT_PAGE_SIZE,
  // The list has no search box: nothing of the text is kept.
  maxSearchLength: 0,
});

/** The route's `validateSearch`: never throws; every key is in the result, undefined when missing or unknown. */
export function validateChangeOrdersSearch(search: Record<string, unknown>): ChangeOrdersSearch {
  const { page, size, sort } = table.validate(search);
  return {
    page,
    size,
    sort,
    status: oneOf(PORTAL_CHANGE_ORDER_STATUSES, search.status),
    change_order: isMissing(search.change_order) ? undefined : integer(search.change_order, 1),
  };
}

export function tableState(search: ChangeOrdersSearch): ChangeOrdersTableState {
  const { page, size, sort } = table.state(search);
  return { page, size, sort, status: search.status };
}

/** The search that shows `state`: defaults are left out of the URL. */
export function searchOf(state: ChangeOrdersTableState): Omit<ChangeOrdersSearch, 'change_order'> {
  const { page, size, sort } = table.searchOf({ ...state, search: '' });
  return { page, size, sort, status: state.status };
}
