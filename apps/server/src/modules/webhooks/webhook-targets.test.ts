import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { startWebhookReceiver, until, type WebhookReceiver } from '../../../test/webhook-receiver';
import { webhookEndpoints } from '../../db/schema';
import { parseEnv } from '../../env';
import { apiKeysRepository } from '../integration/api-keys.repository';

/**
 * Without WEBHOOK_ALLOW_PRIVATE_TARGETS, whatever NODE_ENV says, a company's webhooks reach nothing on the server's own
 * machine or network: not at registration, not at delivery (docs/decisions/108-webhook-targets-checked-by-ipaddr.md).
 * Otherwise the delivery log's "200 / 401 / could not be reached" would scan the operator's ports for the company.
 */

// Development is where loopback targets used to be let through.
const t = useDemoApp({ env: { NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_RETRY_SCALE: '0.0001' } });
let key: string;
/** A port on the loopback that counts who connects to it. */
let listener: Server;
let port: number;
let connections = 0;
let receiver: WebhookReceiver;

beforeAll(async () => {
  key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'crm')).key;
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  await receiver.close();
});

const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: bearer(key), ...(payload ? { payload } : {}) });

/** A customer's note: the event every endpoint here listens for. */
const postNote = async (body: string) => {
  const posted = await t.app.inject({ method: 'POST', url: `/api/notes?entity=${t.ids.caseyEntities[0]!.id}`, headers: bearer(t.casey), payload: { body } });
  expect(posted.statusCode).toBe(201);
};

/** The first attempt's record of the endpoint's newest delivery, once there is one. */
const firstAttempt = (endpointId: number) =>
  until(async () => {
    const page = (await call('GET', `/api/integration/webhooks/${endpointId}/deliveries`)).json();
    return page.data[0]?.attempts[0] as { status_code: number | null; error: string | null } | undefined;
  });

describe('webhook targets without WEBHOOK_ALLOW_PRIVATE_TARGETS', () => {
  it('is off unless the operator sets it, in every NODE_ENV', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) expect(parseEnv({ NODE_ENV }).WEBHOOK_ALLOW_PRIVATE_TARGETS, NODE_ENV).toBe(false);
    expect(parseEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }).WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(true);
  });

  it('refuses a loopback port with a 422 on url, over http:// or https://', async () => {
    for (const [url, message] of [
      ['http://127.0.0.1:9/x', 'The url must be an https:// address.'],
      [`https://127.0.0.1:${port}/x`, 'The url must point at a public address, not a private, loopback, link-local or other special-purpose one.'],
      ['https://[::1]:9/x', 'The url must point at a public address, not a private, loopback, link-local or other special-purpose one.'],
      ['https://10.0.0.8/hook', 'The url must point at a public address, not a private, loopback, link-local or other special-purpose one.'],
    ]) {
      const response = await call('POST', '/api/integration/webhooks', { url, event_types: ['note.created'] });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors, url).toEqual({ url: [message] });
    }
    expect(connections).toBe(0);
  });

  it('refuses, at delivery, a name that resolves to the loopback, and connects to nothing', async () => {
    // A name is judged when it is used: registering it succeeds.
    const created = await call('POST', '/api/integration/webhooks', { url: `https://localhost:${port}/hook`, event_types: ['note.created'] });
    expect(created.statusCode).toBe(201);
    await postNote('Is the crew coming Monday?');
    expect(await firstAttempt(created.json().id)).toMatchObject({ status_code: null, error: 'The host localhost has no public address.' });
    expect(connections).toBe(0);
  });

  it('refuses, at delivery, an endpoint saved while loopback targets were allowed', async () => {
    const now = t.app.now();
    const [saved] = await t.app.database.db
      .insert(webhookEndpoints)
      .values({
        company_id: t.ids.acme.id,
        url: receiver.url,
        secret: 'whsec_' + 'A'.repeat(43),
        event_types: ['note.created'],
        created_at: now,
        updated_at: now,
      })
      .returning();
    await postNote('And Tuesday?');
    expect(await firstAttempt(saved!.id)).toMatchObject({ status_code: null, error: 'The url must be an https:// address.' });
    expect(receiver.received).toEqual([]);
  });
});
