import { INTEGRATION_PROJECT_SORTS, type IntegrationProjectSort } from '@portal/contract/constants';
import { DEFAULT_PAGE_NUMBER, PAGE_SIZE_OPTIONS } from '../../lib/page-buttons';
import { integer, isMissing, oneOf } from '../../lib/search';

/**
 * The console's project list keeps its state in the URL, as the portal's tables do (decision 026): the search text,
 * page, size and sort, so back, reload and a shared link show the same list. Anything unknown falls back to the
 * default. Plain functions: the route's validator sits in the first bundle (decision 024).
 */
export interface StaffProjectsSearch {
  q?: string | undefined;
  page?: number | undefined;
  size?: number | undefined;
  sort?: string | undefined;
}

export const PROJECTS_PAGE_SIZE = 20;
/** The most recently active first: what an office opens the list for. */
export const PROJECTS_DEFAULT_SORT = '-last_activity_at';
export const MAX_SEARCH_LENGTH = 200;

const SORT_VALUES = INTEGRATION_PROJECT_SORTS.flatMap((field) => [field, `-${field}`]);

function searchText(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  if (text === undefined) return undefined;
  const capped = [...text.trim()].slice(0, MAX_SEARCH_LENGTH).join('').trim();
  return isMissing(capped) ? undefined : capped;
}

/** The route's `validateSearch`: never throws, and names every key (undefined when missing or unknown). */
export function validateStaffProjectsSearch(search: Record<string, unknown>): StaffProjectsSearch {
  const value = (key: keyof StaffProjectsSearch) => (isMissing(search[key]) ? undefined : search[key]);
  const size = integer(value('size'), 1);
  return {
    q: searchText(value('q')),
    page: integer(value('page'), 1),
    size: size !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : undefined,
    sort: oneOf(SORT_VALUES, value('sort')),
  };
}

export interface StaffProjectsState {
  /** '' for none. */
  search: string;
  page: number;
  size: number;
  sort: { field: IntegrationProjectSort; direction: 'asc' | 'desc' };
}

export function projectsState(search: StaffProjectsSearch): StaffProjectsState {
  const sort = search.sort ?? PROJECTS_DEFAULT_SORT;
  return {
    search: search.q ?? '',
    page: search.page ?? DEFAULT_PAGE_NUMBER,
    size: search.size ?? PROJECTS_PAGE_SIZE,
    sort: { field: sort.replace(/^-/, '') as IntegrationProjectSort, direction: sort.startsWith('-') ? 'desc' : 'asc' },
  };
}

/** The URL's search for `state`: defaults are left out. */
export function searchOf(state: StaffProjectsState): StaffProjectsSearch {
  const sort = `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`;
  return {
    q: searchText(state.search),
    page: state.page === DEFAULT_PAGE_NUMBER ? undefined : state.page,
    size: state.size === PROJECTS_PAGE_SIZE ? undefined : state.size,
    sort: sort === PROJECTS_DEFAULT_SORT ? undefined : sort,
  };
}
