import type { IntegrationCompany } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { COMPANY_PATH, useCompanyWrite } from './get-company';

/** `PUT /integration/company/logo`: the image in `file` (JPEG, PNG or WebP, at most 2 MB). */
export function uploadLogo(file: File) {
  const body = new FormData();
  body.append('file', file);
  return staffRequest<IntegrationCompany>(`${COMPANY_PATH}/logo`, { method: 'PUT', body });
}
export const useUploadLogo = () => useCompanyWrite(uploadLogo);
