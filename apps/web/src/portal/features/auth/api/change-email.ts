import type { EmailChangeRequest, MessageResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

export const requestEmailChange = (body: EmailChangeRequest) => apiRequest<MessageResponse>('/account/email', { method: 'POST', body });

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
