import type { WebhookEndpoint, WebhookEndpointInput } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { WEBHOOKS_PATH, useWebhookWrite } from './webhooks';

/** `PATCH /integration/webhooks/{id}`. */
export const updateWebhook = ({ id, body }: { id: number; body: Partial<WebhookEndpointInput> }) =>
  staffRequest<WebhookEndpoint>(`${WEBHOOKS_PATH}/${id}`, { method: 'PATCH', body });
export const useUpdateWebhook = () => useWebhookWrite(updateWebhook);
