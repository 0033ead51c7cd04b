import type { CompanyTheme } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Spec §7/§9: the theme query runs only with a code, sends an empty bearer header, stale time 1 s. */
export const THEME_STALE_TIME_MS = 1000;

export const companyThemeQueryOptions = (code: string | undefined) =>
  queryOptions({
    queryKey: ['themes', code ?? '', 'company'],
    queryFn: ({ signal }) =>
      apiRequest<CompanyTheme>(`/themes/${encodeURIComponent(code ?? '')}/company`, { anonymous: true, signal }),
    enabled: Boolean(code),
    staleTime: THEME_STALE_TIME_MS,
    retry: false,
  });

export function useCompanyTheme(code: string | undefined) {
  return useQuery(companyThemeQueryOptions(code));
}
