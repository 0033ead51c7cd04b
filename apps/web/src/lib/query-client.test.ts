import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { authToken } from './auth-token';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

describe('the data layer defaults (docs/requirements.md 5.6, 8.8, 10.3)', () => {
  it('waits 1000 ms × 2^attempt between retries, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a failed query 3 times, and a refused one (4xx) not at all', () => {
    const failure = new Error('network');
    expect([0, 1, 2].map((count) => shouldRetry(count, failure))).toEqual([true, true, true]);
    expect(shouldRetry(3, failure)).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(500, null))).toBe(true);
    expect(shouldRetry(0, new ApiRequestError(404, { message: 'Not found.' }))).toBe(false);
  });

  it('stale time 10 s, garbage collection 5 minutes, no refetch on focus, mutations never retry', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: 10_000, gcTime: 300_000, refetchOnWindowFocus: false });
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('refuses a query key that holds an object, with the message of docs/requirements.md 6.1', () => {
    const client = createQueryClient();
    expect(() => client.getQueryCache().build(client, { queryKey: ['entities', { id: 1 }], queryFn: () => 1 })).toThrow(
      '[portal] Query keys should not contain objects, only strings',
    );
    expect(() => client.getQueryCache().build(client, { queryKey: ['entities', '1'], queryFn: () => 1 })).not.toThrow();
  });

  it('keeps queries disabled until a token exists', () => {
    const enabled = createQueryClient().getDefaultOptions().queries?.enabled as () => boolean;
    expect(enabled()).toBe(false);
    authToken.set('1.token');
    expect(enabled()).toBe(true);
    authToken.remove();
    expect(enabled()).toBe(false);
  });
});
