import type { LoginRequest, SignInResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export const login = (body: LoginRequest) => apiRequest<SignInResponse>('/auth/login', { method: 'POST', body, anonymous: true });

export function useLogin() {
  return useAction(login);
}
