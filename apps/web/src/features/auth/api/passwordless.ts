import type { PasswordlessRequest, PasswordlessRequestResponse, PasswordlessVerifyRequest, SignInResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export const requestSignInEmail = (body: PasswordlessRequest) =>
  apiRequest<PasswordlessRequestResponse>('/auth/passwordless', { method: 'POST', body, anonymous: true });

export const verifySignIn = (body: PasswordlessVerifyRequest) =>
  apiRequest<SignInResponse>('/auth/passwordless/verify', { method: 'POST', body, anonymous: true });

export function useRequestSignInEmail() {
  return useAction(requestSignInEmail);
}

export function useVerifySignIn() {
  return useAction(verifySignIn);
}
