import { staffRequest } from '../../../lib/staff-api';
import { API_KEYS_PATH, useApiKeyWrite } from './api-keys';

/** `POST /integration/api-keys/{id}/revoke`: its next call answers 401. */
export const revokeApiKey = (id: number) => staffRequest<void>(`${API_KEYS_PATH}/${id}/revoke`, { method: 'POST' });
export const useRevokeApiKey = () => useApiKeyWrite(revokeApiKey);
