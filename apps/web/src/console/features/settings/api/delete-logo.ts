import type { IntegrationCompany } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { COMPANY_PATH, useCompanyWrite } from './get-company';

/** `DELETE /integration/company/logo`. */
export const deleteLogo = () => staffRequest<IntegrationCompany>(`${COMPANY_PATH}/logo`, { method: 'DELETE' });
export const useDeleteLogo = () => useCompanyWrite(deleteLogo);
