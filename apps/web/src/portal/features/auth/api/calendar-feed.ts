import type { CalendarFeedCreated, CalendarFeedStatus } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

const FEED_PATH = '/account/calendar-feed';

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'calendar-feed'],
    queryFn: ({ signal }) => apiRequest<CalendarFeedStatus>(FEED_PATH, { signal }),
  });

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

/** A new secret feed URL; the old one, if any, stops working at once. The URL is in this answer only. */
export function useCreateCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeedCreated>(FEED_PATH, { method: 'POST' }),
    onSuccess: ({ active, created_at, last_used_at }) =>
      client.setQueryData(calendarFeedQueryOptions().queryKey, { active, created_at, last_used_at } satisfies CalendarFeedStatus),
  });
}

/** Revokes the feed: its URL answers 404 from then on. */
export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<undefined>(FEED_PATH, { method: 'DELETE' }),
    onSuccess: () =>
      client.setQueryData(calendarFeedQueryOptions().queryKey, { active: false, created_at: null, last_used_at: null } satisfies CalendarFeedStatus),
  });
}
