import type { ContactInfo } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** `GET /contact?entity=…`: the company and the primary rep of one project. */
export const contactQueryOptions = (entity: number) =>
  queryOptions({
    queryKey: ['contact', String(entity)],
    queryFn: ({ signal }) => apiRequest<ContactInfo>('/contact', { query: { entity }, signal }),
  });

export function useContact(entity: number | undefined) {
  return useQuery({ ...contactQueryOptions(entity ?? 0), enabled: entity !== undefined });
}
