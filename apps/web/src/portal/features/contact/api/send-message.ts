import type { ContactMessageCreate, ContactMessageSent } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** `POST /contact/messages`: resolves once the message is stored; the email follows. */
export function sendMessage(message: ContactMessageCreate) {
  return apiRequest<ContactMessageSent>('/contact/messages', { method: 'POST', body: message });
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
