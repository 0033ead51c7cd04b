import type { IntegrationStaff, IntegrationStaffUpdate } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { STAFF_PATH, useStaffWrite } from './staff-members';

/** `PATCH /integration/staff/{id}`: the role, here. */
export const updateStaffMember = ({ id, body }: { id: number; body: IntegrationStaffUpdate }) =>
  staffRequest<IntegrationStaff>(`${STAFF_PATH}/${id}`, { method: 'PATCH', body });
export const useUpdateStaffMember = () => useStaffWrite(updateStaffMember);
