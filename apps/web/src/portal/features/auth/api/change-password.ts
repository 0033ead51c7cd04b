import type { PasswordChange } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

export const changePassword = (body: PasswordChange) => apiRequest('/account/password', { method: 'POST', body });

/** The server signs every other device out: the devices list is stale afterwards. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
