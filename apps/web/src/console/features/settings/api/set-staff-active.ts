import type { IntegrationStaff } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { STAFF_PATH, useStaffWrite } from './staff-members';

/** `POST /integration/staff/{id}/deactivate` or `…/reactivate`: deactivating ends the member's console sessions at once. */
export const setStaffActive = ({ id, active }: { id: number; active: boolean }) =>
  staffRequest<IntegrationStaff>(`${STAFF_PATH}/${id}/${active ? 'reactivate' : 'deactivate'}`, { method: 'POST' });
export const useSetStaffActive = () => useStaffWrite(setStaffActive);
