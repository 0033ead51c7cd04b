import type { PortalUser, ProfileUpdate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { meQueryOptions } from './get-me';

export const updateProfile = (body: ProfileUpdate) => apiRequest<PortalUser>('/account', { method: 'PATCH', body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
