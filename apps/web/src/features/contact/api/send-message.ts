import { ContactMessageSentSchema, type ContactMessageCreate } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /contact/messages`: resolves once the message is stored; the email follows. */
export function sendMessage(message: ContactMessageCreate) {
  return apiRequest('/contact/messages', { method: 'POST', body: message, schema: ContactMessageSentSchema });
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
