import { SignInResponseSchema, type LoginRequest } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const login = (body: LoginRequest) =>
  apiRequest('/auth/login', { method: 'POST', body, schema: SignInResponseSchema, anonymous: true });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
