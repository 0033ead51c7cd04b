import type { IntegrationScheduleItem } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { staffPage, staffQueryPrefix } from '../../../lib/staff-api';

export const projectSchedulePath = (projectId: number) => `/integration/projects/${projectId}/schedule-items`;

export type ScheduleHalf = 'upcoming' | 'past';

/**
 * One half of a project's schedule, 50 at a time ("Show more"): from today on, earliest first; or before today, newest
 * first. `today` is the day in the company's zone, so the halves split where the office's day does.
 */
export const scheduleItemsQueryOptions = (projectId: number, half: ScheduleHalf, today: string, yesterday: string) =>
  infiniteQueryOptions({
    queryKey: [...staffQueryPrefix(projectSchedulePath(projectId)), half, today],
    queryFn: ({ pageParam, signal }) =>
      staffPage<IntegrationScheduleItem>(
        projectSchedulePath(projectId),
        half === 'upcoming'
          ? { filter: { from: today }, sort: 'starts_at', page: { number: pageParam, size: 50 } }
          : { filter: { to: yesterday }, sort: '-starts_at', page: { number: pageParam, size: 50 } },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.next_page_url ? last.current_page + 1 : undefined),
  });

export const useScheduleItems = (projectId: number, half: ScheduleHalf, today: string, yesterday: string) =>
  useInfiniteQuery(scheduleItemsQueryOptions(projectId, half, today, yesterday));
