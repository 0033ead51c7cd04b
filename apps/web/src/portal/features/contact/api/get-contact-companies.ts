import type { ContactCompanyList } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** `GET /contact/companies`: the companies of the user's projects, for a contact page without a project. */
export const contactCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: ['contact', 'companies'],
    queryFn: ({ signal }) => apiRequest<ContactCompanyList>('/contact/companies', { signal }),
  });

export function useContactCompanies(enabled: boolean) {
  return useQuery({ ...contactCompaniesQueryOptions(), enabled });
}
