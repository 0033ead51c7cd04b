import type { EmailChangeConfirm, PortalUser } from '@portal/contract';
import { apiRequest } from '../../../../lib/api-client';
import { useAction } from '../../../../lib/use-action';

/** Anonymous: the link may be opened where nobody, or somebody else, is signed in. */
export const confirmEmail = (body: EmailChangeConfirm) => apiRequest<PortalUser>('/account/email/confirm', { method: 'POST', body, anonymous: true });

export function useConfirmEmail() {
  return useAction(confirmEmail);
}
