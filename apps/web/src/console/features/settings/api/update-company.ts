import type { IntegrationCompany, IntegrationCompanyUpdate } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { COMPANY_PATH, useCompanyWrite } from './get-company';

/** `PATCH /integration/company`: what is left out stays. */
export const updateCompany = (body: IntegrationCompanyUpdate) => staffRequest<IntegrationCompany>(COMPANY_PATH, { method: 'PATCH', body });
export const useUpdateCompany = () => useCompanyWrite(updateCompany);
