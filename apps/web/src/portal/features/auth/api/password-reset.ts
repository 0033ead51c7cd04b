import type { MessageResponse, PasswordResetConfirm, PasswordResetRequest, SignInResponse } from '@portal/contract';
import { apiRequest } from '../../../../lib/api-client';
import { keepDeviceToken, portalDeviceTokens } from '../../../../lib/device-tokens';
import { useAction } from '../../../../lib/use-action';

export const requestPasswordReset = (body: PasswordResetRequest) =>
  apiRequest<MessageResponse>('/auth/password-reset', { method: 'POST', body, anonymous: true });

export const confirmPasswordReset = async (body: PasswordResetConfirm) =>
  keepDeviceToken(portalDeviceTokens, await apiRequest<SignInResponse>('/auth/password-reset/confirm', { method: 'POST', body, anonymous: true }));

export function useRequestPasswordReset() {
  return useAction(requestPasswordReset);
}

export function useConfirmPasswordReset() {
  return useAction(confirmPasswordReset);
}
