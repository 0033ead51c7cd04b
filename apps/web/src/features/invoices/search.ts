import { INVOICE_DEFAULT_SORT, INVOICE_SORTS, PORTAL_INVOICE_STATUSES, type InvoiceSort } from '@portal/contract';
// zod/mini, like lib/search.ts: the route's validator is in the first bundle (decision 015).
import * as z from 'zod/mini';
import { DEFAULT_PAGE_NUMBER, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../lib/page-buttons';
import { isMissing } from '../../lib/search';

/**
 * The invoices page keeps its table state in the URL (issue 8), so back, reload and a shared link
 * show the same page: page, size, sort, status, and which invoice or the statement is open. A value
 * the page does not know (an old bookmark, a typo) falls back to the default instead of failing the
 * route: the table still shows.
 */
const lenient = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(z.catch(z.pipe(z.transform((value: unknown) => (isMissing(value) ? undefined : value)), z.optional(schema)), undefined));

const MAX_ID = 2_147_483_647;
const integer = z.refine<number>((value) => Number.isInteger(value));

const SORT_VALUES = INVOICE_SORTS.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];

export const invoicesSearchSchema = z.object({
  page: lenient(z.coerce.number().check(integer, z.minimum(1), z.maximum(MAX_ID))),
  size: lenient(z.coerce.number().check(integer, z.refine((size) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size)))),
  sort: lenient(z.enum(SORT_VALUES)),
  status: lenient(z.enum(PORTAL_INVOICE_STATUSES)),
  invoice: lenient(z.coerce.number().check(integer, z.positive(), z.maximum(MAX_ID))),
  view: lenient(z.enum(['statement'])),
});
export type InvoicesSearch = z.infer<typeof invoicesSearchSchema>;

export interface TableState {
  page: number;
  size: number;
  sort: { field: InvoiceSort; direction: 'asc' | 'desc' };
  status: (typeof PORTAL_INVOICE_STATUSES)[number] | undefined;
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
