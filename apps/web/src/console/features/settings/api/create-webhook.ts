import type { WebhookEndpointCreated, WebhookEndpointInput } from '@portal/contract';
import { staffRequest } from '../../../lib/staff-api';
import { WEBHOOKS_PATH, useWebhookWrite } from './webhooks';

/** `POST /integration/webhooks`: the answer holds the signing secret, this once. */
export const createWebhook = (body: WebhookEndpointInput) => staffRequest<WebhookEndpointCreated>(WEBHOOKS_PATH, { method: 'POST', body });
export const useCreateWebhook = () => useWebhookWrite(createWebhook);
