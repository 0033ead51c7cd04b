import type { PasswordlessRequest, PasswordlessRequestResponse, PasswordlessVerifyRequest, SignInResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const requestSignInEmail = (body: PasswordlessRequest) =>
  apiRequest<PasswordlessRequestResponse>('/auth/passwordless', { method: 'POST', body, anonymous: true });

export const verifySignIn = (body: PasswordlessVerifyRequest) =>
  apiRequest<SignInResponse>('/auth/passwordless/verify', { method: 'POST', body, anonymous: true });

export function useRequestSignInEmail() {
  return useMutation({ mutationFn: requestSignInEmail });
}

export function useVerifySignIn() {
  return useMutation({ mutationFn: verifySignIn });
}
