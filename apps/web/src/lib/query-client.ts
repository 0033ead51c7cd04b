import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';
import { authToken } from './auth-token';
import { hashQueryKey } from './loaders';

/** The data layer of docs/requirements.md 10.3. */
export const QUERY_STALE_TIME_MS = 10_000;
export const QUERY_GC_TIME_MS = 5 * 60_000;
export const QUERY_RETRIES = 3;
export const RETRY_DELAY_CAP_MS = 30_000;

/** 1000 ms × 2^attempt, capped at 30 s (docs/requirements.md 10.3). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, RETRY_DELAY_CAP_MS);
}

/**
 * Retries a failed query up to 3 times, except when the server has answered with a 4xx: the same
 * request would be refused again, and a 401 has already signed the user out (decision 012).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

/** `token`: whose sign-in enables the queries (the portal's by default; the staff console passes its own). */
export function createQueryClient(token: { get(): string | null } = authToken): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // docs/requirements.md 6.1: a key holding an object is an error, whichever query uses it.
        queryKeyHashFn: hashQueryKey,
        refetchOnWindowFocus: false,
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: shouldRetry,
        retryDelay,
        // docs/requirements.md 5.6: queries stay disabled until a token exists (the theme query opts out).
        enabled: () => token.get() !== null,
      },
      mutations: { retry: false },
    },
  });
}
