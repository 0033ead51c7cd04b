import type { PortalUser } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => apiRequest<PortalUser>('/auth/me', { signal }),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
