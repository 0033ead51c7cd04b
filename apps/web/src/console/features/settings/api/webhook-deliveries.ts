import type { WebhookDelivery } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions } from '../../../lib/staff-api';
import { WEBHOOKS_PATH } from './webhooks';

/** The newest deliveries shown in an endpoint's log. */
export const DELIVERY_LOG_SIZE = 20;

/** `GET /integration/webhooks/{id}/deliveries`: newest first, each with every attempt. Polled while open, as deliveries land on their own. */
export const webhookDeliveriesQueryOptions = (id: number) =>
  staffPageQueryOptions<WebhookDelivery>(`${WEBHOOKS_PATH}/${id}/deliveries`, { page: { number: 1, size: DELIVERY_LOG_SIZE } });
export const useWebhookDeliveries = (id: number) => useQuery({ ...webhookDeliveriesQueryOptions(id), refetchInterval: 3_000 });
