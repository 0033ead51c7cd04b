import type { PasswordlessRequest, PasswordlessRequestResponse, PasswordlessVerifyRequest, SignInResponse } from '@portal/contract';
import { apiRequest } from '../../../../lib/api-client';
import { keepDeviceToken, portalDeviceTokens } from '../../../../lib/device-tokens';
import { useAction } from '../../../../lib/use-action';

export const requestSignInEmail = (body: PasswordlessRequest) =>
  apiRequest<PasswordlessRequestResponse>('/auth/passwordless', { method: 'POST', body, anonymous: true });

export const verifySignIn = async (body: PasswordlessVerifyRequest) =>
  keepDeviceToken(portalDeviceTokens, await apiRequest<SignInResponse>('/auth/passwordless/verify', { method: 'POST', body, anonymous: true }));

export function useRequestSignInEmail() {
  return useAction(requestSignInEmail);
}

export function useVerifySignIn() {
  return useAction(verifySignIn);
}
