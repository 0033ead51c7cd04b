import type { ApiKeyCreate, CreatedApiKey } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { API_KEYS_PATH, useApiKeyWrite } from './api-keys';

/** `POST /integration/api-keys`: the answer holds the key, this once. */
export const createApiKey = (body: ApiKeyCreate) => staffRequest<CreatedApiKey>(API_KEYS_PATH, { method: 'POST', body });
export const useCreateApiKey = () => useApiKeyWrite(createApiKey);
