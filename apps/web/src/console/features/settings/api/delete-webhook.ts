import { staffRequest } from '../../../lib/staff-api';
import { WEBHOOKS_PATH, useWebhookWrite } from './webhooks';

/** `DELETE /integration/webhooks/{id}`: the endpoint and its log. */
export const deleteWebhook = (id: number) => staffRequest<void>(`${WEBHOOKS_PATH}/${id}`, { method: 'DELETE' });
export const useDeleteWebhook = () => useWebhookWrite(deleteWebhook);
