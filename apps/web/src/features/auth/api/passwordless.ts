import {
  PasswordlessRequestResponseSchema,
  SignInResponseSchema,
  type PasswordlessRequest,
  type PasswordlessVerifyRequest,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const requestSignInEmail = (body: PasswordlessRequest) =>
  apiRequest('/auth/passwordless', { method: 'POST', body, schema: PasswordlessRequestResponseSchema, anonymous: true });

export const verifySignIn = (body: PasswordlessVerifyRequest) =>
  apiRequest('/auth/passwordless/verify', { method: 'POST', body, schema: SignInResponseSchema, anonymous: true });

export function useRequestSignInEmail() {
  return useMutation({ mutationFn: requestSignInEmail });
}

export function useVerifySignIn() {
  return useMutation({ mutationFn: verifySignIn });
}
