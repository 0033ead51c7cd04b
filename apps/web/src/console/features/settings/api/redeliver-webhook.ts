import type { WebhookDelivery } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { WEBHOOKS_PATH, useWebhookWrite } from './webhooks';

/** `POST /integration/webhooks/{id}/deliveries/{deliveryId}/redeliver`: sent again now, with the same webhook-id. */
export const redeliverWebhook = ({ id, deliveryId }: { id: number; deliveryId: number }) =>
  staffRequest<WebhookDelivery>(`${WEBHOOKS_PATH}/${id}/deliveries/${deliveryId}/redeliver`, { method: 'POST' });
export const useRedeliverWebhook = () => useWebhookWrite(redeliverWebhook);
