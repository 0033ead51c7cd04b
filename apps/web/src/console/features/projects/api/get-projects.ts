import type { IntegrationProject } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions } from '../../../lib/staff-api';
import type { StaffProjectsState } from '../search';

export const PROJECTS_PATH = '/integration/projects';

/** One page of the company's projects with what the list shows: account, status and last activity, in one request. */
export const staffProjectsQueryOptions = (state: StaffProjectsState) =>
  staffPageQueryOptions<IntegrationProject>(PROJECTS_PATH, {
    filter: { search: state.search.trim() || undefined },
    include: ['account', 'status'],
    append: ['last_activity_at'],
    sort: [`${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`],
    page: { number: state.page, size: state.size },
  });

/** The page on screen stays while the next one loads, so the list does not jump. */
export function useStaffProjects(state: StaffProjectsState) {
  return useQuery({ ...staffProjectsQueryOptions(state), placeholderData: keepPreviousData });
}
