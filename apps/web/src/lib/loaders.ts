import { MAX_PER_PAGE } from '@portal/contract/constants';
import type { ListQuery, Paginated } from '@portal/contract';
import { infiniteQueryOptions, queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { listQueryParams, withPage } from './list-query';

/**
 * The list loaders of docs/requirements.md 8.6 over the API client: single fetch, paged fetch, fetch all and batch
 * fetch. The fetchers are plain async functions typed by the contract (`fetchPage<Note>(…)`; the
 * answers are not parsed again, decision 015); the *QueryOptions builders hand them to TanStack
 * Query (which caches) under keys made of strings only.
 */

/** docs/requirements.md 6.1, word for word, with the product's short name in front. */
export const QUERY_KEY_OBJECT_ERROR = '[portal] Query keys should not contain objects, only strings';

/** docs/requirements.md 10.2: batch fetch reads 100 a page. */
export const BATCH_PAGE_SIZE = 100;

/** Throws when a query key holds an object (or an array): keys are plain strings (docs/requirements.md 6.1). */
export function assertQueryKey(key: readonly unknown[]): void {
  for (const part of key) {
    if (typeof part === 'object' && part !== null) throw new Error(QUERY_KEY_OBJECT_ERROR);
  }
}

/** A `queryKeyHashFn` for the QueryClient: refuses object keys everywhere, hashes the rest. */
export function hashQueryKey(key: QueryKey): string {
  assertQueryKey(key);
  return JSON.stringify(key);
}

/** The key of a read: its path and its query string, so equal queries share a cache entry. */
export function listQueryKey(path: string, query?: ListQuery, ...extra: string[]): string[] {
  const key = [path, listQueryParams(query).toString(), ...extra];
  assertQueryKey(key);
  return key;
}

export interface LoadOptions {
  signal?: AbortSignal;
}

/** One GET of one record (or any other answer). */
export function fetchOne<T>(path: string, query?: ListQuery, options: LoadOptions = {}): Promise<T> {
  return apiRequest<T>(path, { query: listQueryParams(query), signal: options.signal });
}

/** One page of a list. */
export function fetchPage<T>(path: string, query?: ListQuery, options: LoadOptions = {}): Promise<Paginated<T>> {
  return apiRequest<Paginated<T>>(path, { query: listQueryParams(query), signal: options.signal });
}

/** Paged fetch: page 1, then the next page while the last one names a next_page_url. */
export async function* fetchPages<T>(path: string, query?: ListQuery, options: LoadOptions = {}): AsyncGenerator<Paginated<T>, void, undefined> {
  let number = 1;
  for (;;) {
    const page = await fetchPage<T>(path, withPage(query, number), options);
    yield page;
    if (!page.next_page_url) return;
    number = page.current_page + 1;
  }
}

export interface FetchAllOptions extends LoadOptions {
  /** Stop once this many items are read (the answer is cut to it). */
  size?: number;
}

/** Fetch all: page after page until no pages remain or `size` items are read. */
export async function fetchAll<T>(path: string, query?: ListQuery, options: FetchAllOptions = {}): Promise<T[]> {
  const items: T[] = [];
  if (options.size !== undefined && options.size <= 0) return items;
  const pageSize = query?.page?.size ?? (options.size === undefined ? MAX_PER_PAGE : Math.min(options.size, MAX_PER_PAGE));
  for await (const page of fetchPages<T>(path, withPage(query, 1, pageSize), options)) {
    items.push(...page.data);
    if (options.size !== undefined && items.length >= options.size) return items.slice(0, options.size);
  }
  return items;
}

export interface FetchBatchOptions extends LoadOptions {
  /** 100 by default (docs/requirements.md 10.2). */
  pageSize?: number;
}

/** Batch fetch: the first page, then pages 2 to last_page all at once; items in page order. */
export async function fetchBatch<T>(path: string, query?: ListQuery, options: FetchBatchOptions = {}): Promise<T[]> {
  const size = options.pageSize ?? BATCH_PAGE_SIZE;
  const first = await fetchPage<T>(path, withPage(query, 1, size), options);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.last_page - 1) }, (_, index) => fetchPage<T>(path, withPage(query, index + 2, size), options)),
  );
  return [first, ...rest].flatMap((page) => page.data);
}

/** Single fetch, cached by TanStack Query under the path and query. */
export function singleQueryOptions<T>(path: string, query?: ListQuery) {
  return queryOptions({
    queryKey: listQueryKey(path, query),
    queryFn: ({ signal }) => fetchOne<T>(path, query, { signal }),
  });
}

/** One page of a list (a table with page buttons). */
export function pageQueryOptions<T>(path: string, query?: ListQuery) {
  return queryOptions({
    queryKey: listQueryKey(path, query, 'page'),
    queryFn: ({ signal }) => fetchPage<T>(path, query, { signal }),
  });
}

/** Paged fetch for an infinite query: from page 1, the next page while next_page_url is present. */
export function pagedQueryOptions<T>(path: string, query?: ListQuery) {
  return infiniteQueryOptions({
    queryKey: listQueryKey(path, query, 'paged'),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPage<T>(path, withPage(query, pageParam), { signal }),
    getNextPageParam: (last: Paginated<T>) => (last.next_page_url ? last.current_page + 1 : undefined),
  });
}

/** Fetch all, as one cached query. */
export function allQueryOptions<T>(path: string, query?: ListQuery, size?: number) {
  return queryOptions({
    queryKey: listQueryKey(path, query, 'all', size === undefined ? '' : String(size)),
    queryFn: ({ signal }) => fetchAll<T>(path, query, { signal, size }),
  });
}

/** Batch fetch, as one cached query. */
export function batchQueryOptions<T>(path: string, query?: ListQuery) {
  return queryOptions({
    queryKey: listQueryKey(path, query, 'batch'),
    queryFn: ({ signal }) => fetchBatch<T>(path, query, { signal }),
  });
}
