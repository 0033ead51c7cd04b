import { WEBHOOK_EVENTS, WebhookEventSchema } from '@portal/contract';
import { defineCommand, textOption } from '../command';
import { UsageError } from '../errors';

export const createWebhook = defineCommand({
  name: 'create-webhook',
  summary: 'send events to a URL (prints the signing secret once)',
  as: 'company',
  options: {
    url: { type: 'string', value: 'URL', required: true, help: 'where events are POSTed: https:// to a public address' },
    event: { type: 'string', value: 'TYPE', multiple: true, required: true, help: `an event type; repeat for more: ${WEBHOOK_EVENTS.join(', ')}` },
  },
  async run({ client, options, json, print }) {
    const events = (options.event as string[] | undefined) ?? [];
    for (const event of events)
      if (!WebhookEventSchema.safeParse(event).success) throw new UsageError(`--event ${event} is not an event type: ${WEBHOOK_EVENTS.join(', ')}.`);
    const endpoint = (await client.company('POST', '/integration/webhooks', { body: { url: textOption(options, 'url'), event_types: events } })) as {
      id: number;
      url: string;
      secret: string;
    };
    if (json) return print(JSON.stringify(endpoint, null, 2));
    print(`Webhook ${endpoint.id} to ${endpoint.url}. Its signing secret, shown only this once:`);
    print(endpoint.secret);
  },
});
