import type { IntegrationStaff } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { STAFF_PATH, useStaffWrite } from './staff-members';

/** `PUT /integration/staff/{id}/avatar`: the image in `file`, as the logo (JPEG, PNG or WebP, at most 2 MB). */
export function uploadStaffAvatar({ id, file }: { id: number; file: File }) {
  const body = new FormData();
  body.append('file', file);
  return staffRequest<IntegrationStaff>(`${STAFF_PATH}/${id}/avatar`, { method: 'PUT', body });
}
export const useUploadStaffAvatar = () => useStaffWrite(uploadStaffAvatar);

/** `DELETE /integration/staff/{id}/avatar`. */
export const deleteStaffAvatar = (id: number) => staffRequest<IntegrationStaff>(`${STAFF_PATH}/${id}/avatar`, { method: 'DELETE' });
export const useDeleteStaffAvatar = () => useStaffWrite(deleteStaffAvatar);
