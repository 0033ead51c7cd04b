import type { IntegrationCompany } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffQueryOptions, staffQueryPrefix } from '../../../lib/staff-api';

export const COMPANY_PATH = '/integration/company';

/** `GET /integration/company`: details, branding, switches and theme code. */
export const companyQueryOptions = () => staffQueryOptions<IntegrationCompany>(COMPANY_PATH);
export const useCompany = () => useQuery(companyQueryOptions());

/** A write that answers the company: the answer replaces the cached one at once, so every settings page shows what was saved. */
export function useCompanyWrite<A>(write: (argument: A) => Promise<IntegrationCompany>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (company) => {
      client.setQueryData(companyQueryOptions().queryKey, company);
      void client.invalidateQueries({ queryKey: staffQueryPrefix(COMPANY_PATH) });
    },
  });
}
