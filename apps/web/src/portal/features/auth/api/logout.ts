import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { authToken } from '../../../../lib/auth-token';

export const logout = () => apiRequest('/auth/logout', { method: 'POST' });

/** Revokes the session on the server, then forgets the token whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      authToken.remove();
      queryClient.clear();
    },
  });
}
