import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { startWebhookReceiver, until, type WebhookReceiver } from '../../../test/webhook-receiver';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** Webhooks: signed, retried, logged, and only to safe targets (docs/company-api.md, "Webhooks"). */

const t = useDemoApp({ env: { WEBHOOK_RETRY_SCALE: '0.0001' } });
let key: string;
let receiver: WebhookReceiver;
let url: string;
let received: WebhookReceiver['received'];

beforeAll(async () => {
  key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'crm')).key;
  receiver = await startWebhookReceiver();
  ({ url, received } = receiver);
});
afterAll(() => receiver.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: bearer(key), ...(payload ? { payload } : {}) });

/** The Standard Webhooks check, written here from the convention, not taken from the server. */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

describe('webhooks', () => {
  let secret: string;
  let endpointId: number;

  it('tells the company of a customer’s note, signed, after one failed attempt, and logs both attempts', async () => {
    const created = await call('POST', '/api/integration/webhooks', { url, event_types: ['note.created'] });
    expect(created.statusCode).toBe(201);
    secret = created.json().secret;
    endpointId = created.json().id;
    expect(secret).toMatch(/^whsec_/);
    expect((await call('GET', `/api/integration/webhooks/${endpointId}`)).json().secret).toBeUndefined();

    receiver.failNext = 1;
    const entity = t.ids.caseyEntities[0]!;
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/notes?entity=${entity.id}`,
      headers: bearer(t.casey),
      payload: { body: 'Is the dumpster coming Friday?' },
    });
    expect(posted.statusCode).toBe(201);
    const delivered = await until(() => (received.length >= 2 ? received : undefined));
    const [first, second] = delivered;
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    expect(verify(secret, second!.headers, second!.body)).toBe(true);
    expect(verify('whsec_' + Buffer.alloc(32).toString('base64'), second!.headers, second!.body)).toBe(false);
    const event = JSON.parse(second!.body);
    expect(event).toMatchObject({
      type: 'note.created',
      data: { note: { id: posted.json().id, body: 'Is the dumpster coming Friday?' }, author: { type: 'portal_user', id: t.ids.casey.id } },
    });
    expect(JSON.stringify(event)).not.toContain('password');

    const log = await until(async () => {
      const page = (await call('GET', `/api/integration/webhooks/${endpointId}/deliveries`)).json();
      return page.data[0]?.state === 'delivered' ? page : undefined;
    });
    expect(log.data[0].attempts.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([500, 204]);

    const again = await call('POST', `/api/integration/webhooks/${endpointId}/deliveries/${log.data[0].id}/redeliver`);
    expect(again.statusCode).toBe(200);
    const third = await until(() => received[2]);
    expect(third.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  });

  it('sends nothing for a company note, or for an endpoint switched off', async () => {
    const before = received.length;
    await call('PATCH', `/api/integration/webhooks/${endpointId}`, { enabled: false });
    const entity = t.ids.caseyEntities[0]!;
    await t.app.inject({ method: 'POST', url: `/api/notes?entity=${entity.id}`, headers: bearer(t.casey), payload: { body: 'While switched off' } });
    await t.app.webhooks.idle();
    expect(received.length).toBe(before);
  });

  it('refuses targets that are never safe, naming url, even where private targets are allowed (as in this suite)', async () => {
    for (const target of [
      'http://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/hook',
      'https://0.0.0.0:8080/hook',
      'https://[64:ff9b::a9fe:a9fe]/hook',
      'ftp://127.0.0.1/x',
      'https://user:pw@hooks.example.com/',
      'not a url',
    ]) {
      const response = await call('POST', '/api/integration/webhooks', { url: target, event_types: ['note.created'] });
      expect(response.statusCode, target).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['url']);
    }
  });

  it('keeps a company to its own endpoints', async () => {
    const other = (await apiKeysRepository(t.app.database.db).create(t.ids.brightside.id, 'crm')).key;
    const response = await t.app.inject({ method: 'GET', url: `/api/integration/webhooks/${endpointId}`, headers: bearer(other) });
    expect(response.statusCode).toBe(404);
  });

  it('records a redirect as a failed attempt and follows nothing; an endpoint that hangs holds up neither the customer nor other endpoints', async () => {
    // One endpoint that redirects, one that never answers: both for note.created.
    let hung = 0;
    const odd = createServer((request, response) => {
      request.resume();
      if (request.url === '/redirect') response.writeHead(302, { location: `${url}?followed=1` }).end();
      else hung++; // no answer at all
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
    const redirecting = (await call('POST', '/api/integration/webhooks', { url: `${base}/redirect`, event_types: ['note.created'] })).json();
    const hanging = (await call('POST', '/api/integration/webhooks', { url: `${base}/hang`, event_types: ['note.created'] })).json();
    const before = received.length;

    const entity = t.ids.caseyEntities[0]!;
    const started = Date.now();
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/notes?entity=${entity.id}`,
      headers: bearer(t.casey),
      payload: { body: 'Is the crew still coming?' },
    });
    expect(posted.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);

    const log = await until(async () => {
      const page = (await call('GET', `/api/integration/webhooks/${redirecting.id}/deliveries`)).json();
      return page.data[0]?.attempts.length > 0 ? page : undefined;
    });
    expect(log.data[0].attempts[0]).toMatchObject({ status_code: 302, error: 'Redirects are not followed.' });
    expect(log.data[0].state).toBe('pending');
    await until(() => (hung > 0 ? true : undefined));
    // The redirect's attempt is on record while the hanging one is still under way: one slow endpoint holds up no other.
    const stuck = (await call('GET', `/api/integration/webhooks/${hanging.id}/deliveries`)).json();
    expect(stuck.data[0].attempts).toEqual([]);
    // Nothing reached the address the redirect pointed at.
    expect(received.slice(before).filter((request) => request.headers['webhook-id'] === undefined)).toEqual([]);
    expect(received.length).toBe(before);
    odd.closeAllConnections();
    await new Promise<void>((resolve) => odd.close(() => resolve()));
  });
});
