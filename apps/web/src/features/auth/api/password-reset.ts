import type { MessageResponse, PasswordResetConfirm, PasswordResetRequest, SignInResponse } from '@portal/contract';
import { apiRequest } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export const requestPasswordReset = (body: PasswordResetRequest) =>
  apiRequest<MessageResponse>('/auth/password-reset', { method: 'POST', body, anonymous: true });

export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  apiRequest<SignInResponse>('/auth/password-reset/confirm', { method: 'POST', body, anonymous: true });

export function useRequestPasswordReset() {
  return useAction(requestPasswordReset);
}

export function useConfirmPasswordReset() {
  return useAction(confirmPasswordReset);
}
