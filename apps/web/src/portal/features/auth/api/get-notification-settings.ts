import type { NotificationPreferences } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'notifications'],
    queryFn: ({ signal }) => apiRequest<NotificationPreferences>('/account/notifications', { signal }),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
