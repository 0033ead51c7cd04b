import { DEFAULT_PAGE_NUMBER, PAGE_SIZE_OPTIONS } from './page-buttons';
import { integer, isMissing, oneOf } from './search';

/**
 * A table that keeps its state in the URL (decision 026): the search text, page, size and sort, so back, reload and a
 * shared link show the same table. A value the table does not know (an old bookmark, a typo) falls back to the default
 * instead of failing the route. Plain functions like lib/search.ts: a route's validator is in the first bundle
 * (decision 024).
 */
export interface TableSearch {
  q?: string | undefined;
  page?: number | undefined;
  size?: number | undefined;
  sort?: string | undefined;
}

export interface TableState<Field extends string> {
  /** '' for none. */
  search: string;
  page: number;
  size: number;
  sort: { field: Field; direction: 'asc' | 'desc' };
}

export interface TableSearchOptions<Field extends string> {
  /** The fields the API sorts by; `-field` sorts down. */
  sorts: readonly Field[];
  defaultSort: string;
  defaultSize: number;
  /** Longer search text can match nothing: the URL keeps only this many characters. */
  maxSearchLength: number;
}

/** The URL state of one table: its validator, its state and the URL's search for a state. */
export function tableSearch<Field extends string>(options: TableSearchOptions<Field>) {
  const sortValues = options.sorts.flatMap((field) => [field, `-${field}`]);

  /**
   * The search text as the URL keeps it: trimmed, at most `maxSearchLength` characters (whole code points), undefined
   * when empty or the text "undefined" or "null" (missing, docs/requirements.md 3.8). The router reads `?q=2026` as
   * the number 2026 and `?q=true` as true: searches for that text too.
   */
  function searchText(value: unknown): string | undefined {
    const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    if (text === undefined) return undefined;
    const capped = [...text.trim()].slice(0, options.maxSearchLength).join('').trim();
    return isMissing(capped) ? undefined : capped;
  }

  return {
    searchText,
    /**
     * The route's `validateSearch`: never throws. Every key is in the result, undefined when missing or unknown: the
     * router spreads the result over the raw query (`{ ...raw, ...validated }`), so a key left out would hand the page
     * the raw `sort=colour` (and the API a 400). The router leaves undefined values out of the URL.
     */
    validate(search: Record<string, unknown>): TableSearch {
      const value = (key: keyof TableSearch) => (isMissing(search[key]) ? undefined : search[key]);
      const size = integer(value('size'), 1);
      return {
        q: searchText(value('q')),
        page: integer(value('page'), 1),
        size: size !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : undefined,
        sort: oneOf(sortValues, value('sort')),
      };
    },
    state(search: TableSearch): TableState<Field> {
      const sort = search.sort ?? options.defaultSort;
      return {
        search: search.q ?? '',
        page: search.page ?? DEFAULT_PAGE_NUMBER,
        size: search.size ?? options.defaultSize,
        sort: { field: sort.replace(/^-/, '') as Field, direction: sort.startsWith('-') ? 'desc' : 'asc' },
      };
    },
    /** The search that shows `state`: defaults are left out of the URL. */
    searchOf(state: TableState<Field>): TableSearch {
      const sort = `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`;
      return {
        q: searchText(state.search),
        page: state.page === DEFAULT_PAGE_NUMBER ? undefined : state.page,
        size: state.size === options.defaultSize ? undefined : state.size,
        sort: sort === options.defaultSort ? undefined : sort,
      };
    },
  };
}
