import { INVOICE_DEFAULT_SORT, INVOICE_SORTS, PORTAL_INVOICE_STATUSES } from '@portal/contract/constants';
import type { InvoiceSort, PortalInvoiceStatus } from '@portal/contract';
import { DEFAULT_PAGE_NUMBER, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../lib/page-buttons';
import { integer, isMissing, oneOf } from '../../../lib/search';

/**
 * The invoices page keeps its table state in the URL (docs/requirements.md 11.5), so back, reload and a shared link
 * show the same page: page, size, sort, status, and which invoice or the statement is open. A value
 * the page does not know (an old bookmark, a typo) falls back to the default instead of failing the
 * route: the table still shows. Plain functions like lib/search.ts: the route's validator is in the
 * first bundle (decision 024).
 */
export interface InvoicesSearch {
  page?: number | undefined;
  size?: number | undefined;
  sort?: string | undefined;
  status?: PortalInvoiceStatus | undefined;
  invoice?: number | undefined;
  view?: 'statement' | undefined;
}

const SORT_VALUES = INVOICE_SORTS.flatMap((field) => [field, `-${field}`]);

/**
 * The route's `validateSearch`: never throws. Every key is in the result, undefined when missing or
 * unknown: the router spreads the result over the raw query, so a key left out would hand the page
 * the raw `sort=colour` (and the API a 400). The router leaves undefined values out of the URL.
 */
export function validateInvoicesSearch(search: Record<string, unknown>): InvoicesSearch {
  const value = (key: keyof InvoicesSearch) => (isMissing(search[key]) ? undefined : search[key]);
  const size = integer(value('size'), 1);
  return {
    page: integer(value('page'), 1),
    size: size !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : undefined,
    sort: oneOf(SORT_VALUES, value('sort')),
    status: oneOf(PORTAL_INVOICE_STATUSES, value('status')),
    invoice: integer(value('invoice'), 1),
    view: oneOf(['statement'] as const, value('view')),
  };
}

export interface TableState {
  page: number;
  size: number;
  sort: { field: InvoiceSort; direction: 'asc' | 'desc' };
  status: PortalInvoiceStatus | undefined;
}

export function tableState(search: InvoicesSearch): TableState {
  const sort = search.sort ?? INVOICE_DEFAULT_SORT;
  return {
    page: search.page ?? DEFAULT_PAGE_NUMBER,
    size: search.size ?? DEFAULT_PAGE_SIZE,
    sort: { field: sort.replace(/^-/, '') as InvoiceSort, direction: sort.startsWith('-') ? 'desc' : 'asc' },
    status: search.status,
  };
}

/** The search that shows `state`: defaults are left out of the URL. */
export function searchOf(state: TableState): Pick<InvoicesSearch, 'page' | 'size' | 'sort' | 'status'> {
  const sort = `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`;
  return {
    page: state.page === DEFAULT_PAGE_NUMBER ? undefined : state.page,
    size: state.size === DEFAULT_PAGE_SIZE ? undefined : state.size,
    sort: sort === INVOICE_DEFAULT_SORT ? undefined : sort,
    status: state.status,
  };
}
