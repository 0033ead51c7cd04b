import type {
  CompanyTheme,
  LoginRequest,
  PasswordlessRequestResponse,
  StaffInvitationAccept,
  StaffMember,
  StaffPasswordlessRequest,
  StaffPasswordlessVerify,
  StaffSignedIn,
} from '@portal/contract';
import { apiRequest } from '../../../../lib/api-client';
import { keepDeviceToken, staffDeviceTokens, withDeviceToken } from '../../../../lib/device-tokens';
import { useAction } from '../../../../lib/use-action';

/** The staff console's sign-in calls (docs/staff-console.md); anonymous ones send no token at all. */
export const staffSignIn = (body: LoginRequest) =>
  withDeviceToken(staffDeviceTokens, body.email, (deviceToken) =>
    apiRequest<StaffSignedIn>('/staff/auth/login', { method: 'POST', body: deviceToken ? { ...body, device_token: deviceToken } : body, anonymous: true }),
  );
export const acceptStaffInvitation = async (body: StaffInvitationAccept) =>
  keepDeviceToken(staffDeviceTokens, await apiRequest<StaffSignedIn>('/staff/auth/invitation', { method: 'POST', body, anonymous: true }));
/** `GET /api/staff/auth/invitation/brand`: the brand of the company an invitation link is for; 404 for a link that no longer works. */
export const getStaffInvitationBrand = (token: string, signal?: AbortSignal) =>
  apiRequest<CompanyTheme>('/staff/auth/invitation/brand', { query: { token }, anonymous: true, ...(signal ? { signal } : {}) });
export const requestStaffSignInEmail = (body: StaffPasswordlessRequest) =>
  apiRequest<PasswordlessRequestResponse>('/staff/auth/passwordless', { method: 'POST', body, anonymous: true });
export const verifyStaffSignIn = async (body: StaffPasswordlessVerify) =>
  keepDeviceToken(staffDeviceTokens, await apiRequest<StaffSignedIn>('/staff/auth/passwordless/verify', { method: 'POST', body, anonymous: true }));
export const getStaffMember = (signal?: AbortSignal) => apiRequest<StaffMember>('/staff/auth/me', { staff: true, ...(signal ? { signal } : {}) });
export const staffSignOut = () => apiRequest<void>('/staff/auth/logout', { method: 'POST', staff: true });
export const staffSignOutEverywhere = () => apiRequest<void>('/staff/auth/sessions', { method: 'DELETE', staff: true });

export const useStaffSignIn = () => useAction(staffSignIn);
export const useAcceptStaffInvitation = () => useAction(acceptStaffInvitation);
export const useRequestStaffSignInEmail = () => useAction(requestStaffSignInEmail);
export const useVerifyStaffSignIn = () => useAction(verifyStaffSignIn);
export const useStaffSignOut = () => useAction(staffSignOut);
export const useStaffSignOutEverywhere = () => useAction(staffSignOutEverywhere);
