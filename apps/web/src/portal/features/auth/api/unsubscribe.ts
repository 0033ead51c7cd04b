import type { UnsubscribeRequest, UnsubscribeResponse } from '@portal/contract';
import { apiRequest } from '../../../../lib/api-client';
import { useAction } from '../../../../lib/use-action';

/** Anonymous: the link is opened from an email, where nobody, or somebody else, may be signed in. */
export const unsubscribe = (body: UnsubscribeRequest) =>
  apiRequest<UnsubscribeResponse>('/notifications/unsubscribe', { method: 'POST', body, anonymous: true });

export function useUnsubscribe() {
  return useAction(unsubscribe);
}
