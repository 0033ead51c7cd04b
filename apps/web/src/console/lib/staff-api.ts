import type { ListQuery, Paginated } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type RequestOptions } from '../../lib/api-client';
import { listQueryKey } from '../../lib/loaders';
import { listQueryParams } from '../../lib/list-query';

/**
 * The staff console's calls: the company API (`/integration/…`, docs/staff-console.md) with the console's token. A
 * 401 there ends the console's sign-in, never the portal's.
 */
export function staffRequest<T = unknown>(path: string, options: Omit<RequestOptions, 'staff' | 'anonymous'> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, staff: true });
}

/** One page of a company-side list, in the portal's list language (filters, sort, page). */
export function staffPage<T>(path: string, query?: ListQuery, signal?: AbortSignal): Promise<Paginated<T>> {
  return staffRequest<Paginated<T>>(path, { query: listQueryParams(query), ...(signal ? { signal } : {}) });
}

/** Query options for one company-side read; the key is the path and its query string, as the portal's reads. */
export function staffQueryOptions<T>(path: string, query?: ListQuery) {
  return queryOptions({
    queryKey: ['staff', ...listQueryKey(path, query)],
    queryFn: ({ signal }) => staffRequest<T>(path, { query: listQueryParams(query), signal }),
  });
}

/** Query options for one page of a company-side list. */
export function staffPageQueryOptions<T>(path: string, query?: ListQuery) {
  return queryOptions({
    queryKey: ['staff', ...listQueryKey(path, query)],
    queryFn: ({ signal }) => staffPage<T>(path, query, signal),
  });
}

/** The key prefix of every read under `path`, to invalidate after a write. */
export const staffQueryPrefix = (path: string) => ['staff', path] as const;
