import { DOCUMENT_DEFAULT_PAGE_SIZE, DOCUMENT_DEFAULT_SORT, DOCUMENT_SORTS } from '@portal/contract/constants';
import type { DocumentSort } from '@portal/contract';
import { DEFAULT_PAGE_NUMBER, PAGE_SIZE_OPTIONS } from '../../lib/page-buttons';
import { integer, isMissing, oneOf } from '../../lib/search';

/**
 * The documents page keeps its table state in the URL, as the invoices page does (decision 026),
 * so back, reload and a shared link show the same table: the search text, page, size and sort. A
 * value the page does not know (an old bookmark, a typo) falls back to the default instead of
 * failing the route: the table still shows. Plain functions like lib/search.ts: the route's
 * validator is in the first bundle (decision 024).
 */
export interface DocumentsSearch {
  q?: string | undefined;
  page?: number | undefined;
  size?: number | undefined;
  sort?: string | undefined;
}

/**
 * A document's name is at most 255 bytes (the server's cleanFileName), so a longer search can match
 * nothing: the URL keeps its first 255 characters. The API itself sets no limit on filter[name].
 */
export const MAX_SEARCH_LENGTH = 255;

/**
 * The search text as the URL keeps it: trimmed, at most MAX_SEARCH_LENGTH characters (whole code
 * points), undefined when empty or the text "undefined" or "null" (missing, docs/requirements.md 3.8). The
 * router reads `?q=2026` as the number 2026 and `?q=true` as true: searches for that text too.
 */
export function searchText(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  if (text === undefined) return undefined;
  const capped = [...text.trim()].slice(0, MAX_SEARCH_LENGTH).join('').trim();
  return isMissing(capped) ? undefined : capped;
}

const SORT_VALUES = DOCUMENT_SORTS.flatMap((field) => [field, `-${field}`]);

/**
 * The route's `validateSearch`: never throws. Every key is in the result, undefined when missing or
 * unknown: the router spreads the result over the raw query (`{ ...raw, ...validated }`), so a key
 * left out would hand the page the raw `sort=colour` (and the API a 400). The router leaves
 * undefined values out of the URL.
 */
export function validateDocumentsSearch(search: Record<string, unknown>): DocumentsSearch {
  const value = (key: keyof DocumentsSearch) => (isMissing(search[key]) ? undefined : search[key]);
  const size = integer(value('size'), 1);
  return {
    q: searchText(value('q')),
    page: integer(value('page'), 1),
    size: size !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : undefined,
    sort: oneOf(SORT_VALUES, value('sort')),
  };
}

export interface DocumentsTableState {
  /** '' for none. */
  search: string;
  page: number;
  size: number;
  sort: { field: DocumentSort; direction: 'asc' | 'desc' };
}

export function tableState(search: DocumentsSearch): DocumentsTableState {
  const sort = search.sort ?? DOCUMENT_DEFAULT_SORT;
  return {
    search: search.q ?? '',
    page: search.page ?? DEFAULT_PAGE_NUMBER,
    size: search.size ?? DOCUMENT_DEFAULT_PAGE_SIZE,
    sort: { field: sort.replace(/^-/, '') as DocumentSort, direction: sort.startsWith('-') ? 'desc' : 'asc' },
  };
}

/** The search that shows `state`: defaults are left out of the URL. */
export function searchOf(state: DocumentsTableState): DocumentsSearch {
  const sort = `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`;
  return {
    q: searchText(state.search),
    page: state.page === DEFAULT_PAGE_NUMBER ? undefined : state.page,
    size: state.size === DOCUMENT_DEFAULT_PAGE_SIZE ? undefined : state.size,
    sort: sort === DOCUMENT_DEFAULT_SORT ? undefined : sort,
  };
}
