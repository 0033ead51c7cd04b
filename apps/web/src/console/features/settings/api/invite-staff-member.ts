import type { StaffInvitationSent } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { STAFF_PATH, useStaffWrite } from './staff-members';

/** `POST /integration/staff/{id}/invite`: emails a link to the console; a new one ends the one before. */
export const inviteStaffMember = (id: number) => staffRequest<StaffInvitationSent>(`${STAFF_PATH}/${id}/invite`, { method: 'POST' });
export const useInviteStaffMember = () => useStaffWrite(inviteStaffMember);
