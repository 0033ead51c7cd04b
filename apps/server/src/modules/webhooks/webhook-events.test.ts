import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, pdfBytes } from '../../../test/fixtures';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { startWebhookReceiver, until, type WebhookReceiver } from '../../../test/webhook-receiver';
import { DEMO_USERS } from '../../seed/index';
import { apiKeysRepository } from '../integration/api-keys.repository';

/**
 * What customers do reaches the company as webhook events, each once (docs/company-api.md, "Webhooks"): a document they
 * upload, a message they send, the first look at an invoice, their first sign-in.
 */

const t = useDemoApp({ mail: true, env: { WEBHOOK_RETRY_SCALE: '0.0001' } });
let key: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'crm')).key;
  receiver = await startWebhookReceiver();
  const created = await call('POST', '/api/integration/webhooks', {
    url: receiver.url,
    event_types: ['document.uploaded', 'contact_message.created', 'invoice.viewed', 'portal_user.activated'],
  });
  expect(created.statusCode).toBe(201);
});
afterAll(() => receiver.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });

/** The events delivered so far, of one type. */
const events = (type: string) =>
  receiver.received
    .map((request) => JSON.parse(request.body) as { type: string; data: Record<string, Record<string, unknown>> })
    .filter((event) => event.type === type);

/** Waits for every event written so far to be delivered. */
const delivered = async () => {
  t.app.webhooks.wake();
  await t.app.webhooks.idle();
};

describe('webhook events from what customers do', () => {
  it('document.uploaded: the document and who uploaded it', async () => {
    const entity = t.ids.caseyEntities[0]!;
    const body = multipartBody([{ name: 'file', filename: 'Signed change order.pdf', data: await pdfBytes() }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/entities/${entity.id}/documents`,
      headers: { ...body.headers, ...bearer(t.casey) },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const [event] = await until(() => (events('document.uploaded').length > 0 ? events('document.uploaded') : undefined));
    expect(event!.data).toMatchObject({
      document: { id: uploaded.json().id, project_id: entity.model_id, name: 'Signed change order.pdf', content_type: 'application/pdf' },
      uploaded_by: { type: 'portal_user', id: t.ids.casey.id, email: t.ids.casey.email },
    });
  });

  it('contact_message.created: the message and its sender; a refused message sends nothing', async () => {
    const entity = t.ids.caseyEntities[0]!;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages',
      headers: bearer(t.casey),
      payload: { entity: entity.id, subject: 'Two\nlines', message: 'x' },
    });
    expect(refused.statusCode).toBe(422);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages',
      headers: bearer(t.casey),
      payload: { entity: entity.id, subject: 'Tile choice', message: 'We would like the grey tiles after all.' },
    });
    expect(sent.statusCode).toBe(201);
    await delivered();
    const all = events('contact_message.created');
    expect(all).toHaveLength(1);
    expect(all[0]!.data).toMatchObject({
      contact_message: { id: expect.any(Number), project_id: entity.model_id, subject: 'Tile choice', message: 'We would like the grey tiles after all.' },
      from: { type: 'portal_user', id: t.ids.casey.id },
    });
  });

  it('invoice.viewed: once, the first time a customer opens the invoice or its PDF, and the company reads when', async () => {
    const entity = t.ids.caseyEntities[0]!;
    const invoice = (await t.app.inject({ method: 'GET', url: `/api/entities/${entity.id}/invoices`, headers: bearer(t.casey) })).json().data[0];
    expect((await call('GET', `/api/integration/invoices/${invoice.id}`)).json().viewed_at).toBeNull();
    for (const path of ['', '/pdf', '']) {
      const opened = await t.app.inject({ method: 'GET', url: `/api/entities/${entity.id}/invoices/${invoice.id}${path}`, headers: bearer(t.casey) });
      expect(opened.statusCode).toBe(200);
    }
    await delivered();
    const viewed = events('invoice.viewed');
    expect(viewed).toHaveLength(1);
    expect(viewed[0]!.data).toMatchObject({ invoice: { id: invoice.id, number: invoice.number, project_id: entity.model_id }, viewer: { id: t.ids.casey.id } });
    expect((await call('GET', `/api/integration/invoices/${invoice.id}`)).json().viewed_at).toBe(viewed[0]!.data.invoice!.viewed_at);
  });

  it('portal_user.activated: once, when an invited customer first signs in; later sign-ins are not news', async () => {
    const created = await call('POST', '/api/integration/portal-users', { email: 'dana@example.com', first_name: 'Dana', last_name: 'Reyes' });
    expect(created.statusCode).toBe(201);
    expect(created.json().activated_at).toBeNull();
    const before = t.smtp.messages.length;
    expect((await call('POST', `/api/integration/portal-users/${created.json().id}/invite`)).statusCode).toBe(200);
    const mail = await t.smtp.waitFor((message) => message.to.includes('dana@example.com') && t.smtp.messages.indexOf(message) >= before);
    const token = new URL(/(https?:\/\/\S+\/invitation\?\S+)/.exec(mail.text ?? '')![1]!).searchParams.get('token')!;
    const accepted = await t.app.inject({ method: 'POST', url: '/api/auth/invitation', payload: { token } });
    expect(accepted.statusCode).toBe(200);
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: accepted.json().password_token, password: 'a-long-password-1' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'dana@example.com', password: 'a-long-password-1' } })).statusCode,
    ).toBe(200);
    // A customer of long standing signing in is no news either.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_USERS[0].email, password: DEMO_USERS[0].password } })).statusCode,
    ).toBe(200);
    await delivered();
    const activated = events('portal_user.activated');
    expect(activated.map((event) => event.data.portal_user!.email)).toEqual(['dana@example.com']);
    expect((await call('GET', `/api/integration/portal-users/${created.json().id}`)).json().activated_at).toBe(activated[0]!.data.portal_user!.activated_at);
  });
});
