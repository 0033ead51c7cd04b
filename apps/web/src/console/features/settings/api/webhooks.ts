import type { WebhookEndpoint } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffQueryOptions, staffQueryPrefix } from '../../../lib/staff-api';

export const WEBHOOKS_PATH = '/integration/webhooks';

/** `GET /integration/webhooks`: the company's endpoints. */
export const webhooksQueryOptions = () => staffQueryOptions<{ data: WebhookEndpoint[] }>(WEBHOOKS_PATH);
export const useWebhooks = () => useQuery(webhooksQueryOptions());

/** A write to the endpoints or their logs: everything under the webhooks path is read again after it. */
export function useWebhookWrite<A, R>(write: (argument: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: staffQueryPrefix(WEBHOOKS_PATH) }) });
}
