import type { InvitationAccepted } from '@portal/contract';
import { apiRequest } from '../../../../lib/api-client';
import { useAction } from '../../../../lib/use-action';

/** Anonymous: the link signs its owner in, whoever may be signed in on this device. */
export const acceptInvitation = (token: string) => apiRequest<InvitationAccepted>('/auth/invitation', { method: 'POST', body: { token }, anonymous: true });

export function useAcceptInvitation() {
  return useAction(acceptInvitation);
}
