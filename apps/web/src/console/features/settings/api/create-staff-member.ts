import type { IntegrationStaff, IntegrationStaffCreate } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { STAFF_PATH, useStaffWrite } from './staff-members';

/** `POST /integration/staff`. */
export const createStaffMember = (body: IntegrationStaffCreate) => staffRequest<IntegrationStaff>(STAFF_PATH, { method: 'POST', body });
export const useCreateStaffMember = () => useStaffWrite(createStaffMember);
