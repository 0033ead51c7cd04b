import type { NotificationPreferences, NotificationPreferencesUpdate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { notificationSettingsQueryOptions } from './get-notification-settings';

export const updateNotificationSettings = (body: NotificationPreferencesUpdate) =>
  apiRequest<NotificationPreferences>('/account/notifications', { method: 'PATCH', body });

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryOptions().queryKey, settings),
  });
}
