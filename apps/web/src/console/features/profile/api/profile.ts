import type { IntegrationStaff, StaffProfileUpdate } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffQueryOptions, staffQueryPrefix, staffRequest } from '../../../lib/staff-api';

export const PROFILE_PATH = '/staff/me';

/** `GET /staff/me`: the signed-in member as customers see them (name, title, phone, picture). */
export const profileQueryOptions = () => staffQueryOptions<IntegrationStaff>(PROFILE_PATH);
export const useProfile = () => useQuery(profileQueryOptions());

/** A write to one's own profile: the answer replaces the cached profile, and the staff list is read again. */
function useProfileWrite<A>(write: (argument: A) => Promise<IntegrationStaff>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (saved) => {
      client.setQueryData(profileQueryOptions().queryKey, saved);
      void client.invalidateQueries({ queryKey: staffQueryPrefix('/integration/staff') });
    },
  });
}

/** `PATCH /staff/me`: name, title and phone; what is left out stays. */
export const updateProfile = (body: StaffProfileUpdate) => staffRequest<IntegrationStaff>(PROFILE_PATH, { method: 'PATCH', body });
export const useUpdateProfile = () => useProfileWrite(updateProfile);

/** `PUT /staff/me/avatar`: the image in `file` (JPEG, PNG or WebP, at most 2 MB). */
export function uploadProfileAvatar(file: File) {
  const body = new FormData();
  body.append('file', file);
  return staffRequest<IntegrationStaff>(`${PROFILE_PATH}/avatar`, { method: 'PUT', body });
}
export const useUploadProfileAvatar = () => useProfileWrite(uploadProfileAvatar);

/** `DELETE /staff/me/avatar`. */
export const deleteProfileAvatar = () => staffRequest<IntegrationStaff>(`${PROFILE_PATH}/avatar`, { method: 'DELETE' });
export const useDeleteProfileAvatar = () => useProfileWrite(deleteProfileAvatar);
