import type { IntegrationCompany, IntegrationStaff } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions, staffQueryOptions } from '../../../lib/staff-api';

/** The company's staff, for "Assigned to" (a company's staff fits one page). */
export const useCompanyStaff = () => useQuery(staffPageQueryOptions<IntegrationStaff>('/integration/staff', { sort: 'name', page: { number: 1, size: 100 } }));

/** The company, for its time zone: every time on the page is in it. */
export const useScheduleCompany = () => useQuery(staffQueryOptions<IntegrationCompany>('/integration/company'));
