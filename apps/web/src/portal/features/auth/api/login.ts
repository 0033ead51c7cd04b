import type { LoginRequest, SignInResponse } from '@portal/contract';
import { apiRequest } from '../../../../lib/api-client';
import { portalDeviceTokens, withDeviceToken } from '../../../../lib/device-tokens';
import { useAction } from '../../../../lib/use-action';

export const login = (body: LoginRequest) =>
  withDeviceToken(portalDeviceTokens, body.email, (deviceToken) =>
    apiRequest<SignInResponse>('/auth/login', { method: 'POST', body: deviceToken ? { ...body, device_token: deviceToken } : body, anonymous: true }),
  );

export function useLogin() {
  return useAction(login);
}
