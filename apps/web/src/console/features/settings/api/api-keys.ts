import type { ApiKey } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffQueryOptions, staffQueryPrefix } from '../../../lib/staff-api';

export const API_KEYS_PATH = '/integration/api-keys';

/** `GET /integration/api-keys`: never their secrets. */
export const apiKeysQueryOptions = () => staffQueryOptions<{ data: ApiKey[] }>(API_KEYS_PATH);
export const useApiKeys = () => useQuery(apiKeysQueryOptions());

export function useApiKeyWrite<A, R>(write: (argument: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: staffQueryPrefix(API_KEYS_PATH) }) });
}
