import type { IntegrationAccount, IntegrationSiteType, IntegrationStaff, IntegrationStatus } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions } from '../../../lib/staff-api';

// A company has a handful of statuses, site types and staff: one page of the most the API gives holds them all.
const ALL = { page: { size: 100 } };

/** In the order of their positions, as the company lines up its pipeline. */
export const useStatuses = () =>
  useQuery({
    ...staffPageQueryOptions<IntegrationStatus>('/integration/project-statuses', { ...ALL, sort: ['name'] }),
    select: (page) => [...page.data].sort((a, b) => a.position - b.position),
  });
export const useSiteTypes = () =>
  useQuery({ ...staffPageQueryOptions<IntegrationSiteType>('/integration/site-types', { ...ALL, sort: ['name'] }), select: (page) => page.data });
export const useActiveStaff = () =>
  useQuery({
    ...staffPageQueryOptions<IntegrationStaff>('/integration/staff', { ...ALL, filter: { active: true }, sort: ['name'] }),
    select: (page) => page.data,
  });

/** Accounts whose name or email holds `search`, by name: the picker's choices. */
export const useAccounts = (search: string) =>
  useQuery({
    ...staffPageQueryOptions<IntegrationAccount>('/integration/accounts', {
      filter: { search: search.trim() || undefined },
      sort: ['name'],
      page: { size: 50 },
    }),
    placeholderData: (previous) => previous,
  });
