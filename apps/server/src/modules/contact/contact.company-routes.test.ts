import type { IntegrationContactMessage, IntegrationContactMessagePage } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { contactMessages } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** The company side of contact messages (docs/requirements.md 11.7 and 18; docs/decisions/046-company-invoices-and-contact-messages.md). */

// Later than any row the database stamps by itself, so that what this file marks is all that is updated since it.
let clock = new Date('2030-01-01T09:00:00.000Z');
const t = useDemoApp({ now: () => clock });
let acme: { id: number; key: string };
let second: { id: number; key: string };
let brightsideKey: string;
const sent: Record<string, number> = {};

const call = (method: 'GET' | 'POST', url: string, key = acme.key) =>
  t.app.inject({ method, url: `/api/integration${url}`, headers: bearer(key), ...(method === 'POST' ? { payload: {} } : {}) });
const page = async (query: string, key = acme.key) => {
  const response = await call('GET', `/contact-messages${query}`, key);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as IntegrationContactMessagePage;
};
const fields = (response: { json(): unknown }) => Object.keys((response.json() as { errors?: Record<string, string[]> }).errors ?? {});

beforeAll(async () => {
  const keys = apiKeysRepository(t.app.database.db);
  acme = await keys.create(t.ids.acme.id, 'crm', { scopes: ['messages:read', 'messages:write'] });
  second = await keys.create(t.ids.acme.id, 'office', { scopes: ['messages:read', 'messages:write'] });
  brightsideKey = (await keys.create(t.ids.brightside.id, 'crm', { scopes: ['messages:read', 'messages:write'] })).key;
  const kitchen = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.acme.id)!;
  const lakeHouse = t.ids.caseyEntities.find((entity) => entity.company_id === t.ids.brightside.id)!;
  const deck = t.ids.nicoEntities[0]!;
  const write = async (name: string, token: string, entity: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages',
      headers: bearer(token),
      payload: { entity, subject: name, message: `About ${name}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.app.database.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.subject, name));
    sent[name] = row!.id;
  };
  await write('Cabinet colour', t.casey, kitchen.id);
  await write('Deck stain', t.nico, deck.id);
  await write('Backsplash', t.casey, kitchen.id);
  await write('Lake house dock', t.casey, lakeHouse.id);
});

describe('the list', () => {
  it("shows the company's messages newest first, with who wrote them, and none of another company's", async () => {
    const all = await page('');
    const ids = all.data.map((message) => message.id);
    expect(ids).toEqual([sent['Backsplash'], sent['Deck stain'], sent['Cabinet colour']]);
    expect(all.total).toBe(3);
    expect(all.data[0]).toMatchObject({
      subject: 'Backsplash',
      message: 'About Backsplash',
      portal_user: { id: t.ids.casey.id, email: t.ids.casey.email },
      // About a project with a primary rep: the rep was emailed (docs/decisions/114-every-customer-action-reaches-the-office.md).
      sent_to: 'dana@acme-builders.example.com',
      handled: false,
      handled_at: null,
      handled_by_api_key_id: null,
    });
    expect(ids).not.toContain(sent['Lake house dock']);
    expect((await page('?sort=id')).data.map((message) => message.id)).toEqual([...ids].reverse());
  });

  it('pages with the portal paginator and filters by project', async () => {
    const first = await page('?page[size]=2');
    expect(first).toMatchObject({ per_page: 2, total: 3, last_page: 2, from: 1, to: 2 });
    expect(first.next_page_url).toBe('http://portal.test/api/integration/contact-messages?page%5Bsize%5D=2&page%5Bnumber%5D=2');
    const deckProject = t.ids.nicoEntities[0]!.model_id;
    expect((await page(`?filter[project_id]=${deckProject}`)).data.map((message) => message.subject)).toEqual(['Deck stain']);
  });

  it('refuses an unknown filter value with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['filter[handled]=maybe', 'filter[handled]'],
      ['filter[updated_since]=2026-01-01', 'filter[updated_since]'],
      ['sort=subject', 'sort'],
    ] as const) {
      const response = await call('GET', `/contact-messages?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(fields(response), query).toEqual([field]);
    }
  });
});

describe('reading one', () => {
  it("reads the company's own message, and 404 for another company's", async () => {
    const response = await call('GET', `/contact-messages/${sent['Deck stain']}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subject: 'Deck stain', portal_user: { id: t.ids.nico.id } });
    const other = await call('GET', `/contact-messages/${sent['Lake house dock']}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Not found.' });
  });
});

describe('handled', () => {
  it('records when and with which key, keeps the first mark, and un-handles; the filters follow', async () => {
    clock = new Date('2030-01-02T10:00:00.000Z');
    const marked = await call('POST', `/contact-messages/${sent['Cabinet colour']}/handled`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ handled: true, handled_at: '2030-01-02T10:00:00.000000Z', handled_by_api_key_id: acme.id });

    clock = new Date('2030-01-03T10:00:00.000Z');
    const again = await call('POST', `/contact-messages/${sent['Cabinet colour']}/handled`, second.key);
    expect(again.json()).toMatchObject({ handled_at: '2030-01-02T10:00:00.000000Z', handled_by_api_key_id: acme.id });

    expect((await page('?filter[handled]=true')).data.map((message) => message.subject)).toEqual(['Cabinet colour']);
    expect((await page('?filter[handled]=false')).data.map((message) => message.subject)).toEqual(['Backsplash', 'Deck stain']);
    expect((await page('?filter[updated_since]=2030-01-02T10:00:00Z')).data.map((message) => message.subject)).toEqual(['Cabinet colour']);
    expect((await page('?filter[updated_since]=2030-01-02T10:00:01Z')).data).toEqual([]);

    const unmarked = await call('POST', `/contact-messages/${sent['Cabinet colour']}/unhandled`, second.key);
    expect(unmarked.statusCode).toBe(200);
    const message = unmarked.json() as IntegrationContactMessage;
    expect(message).toMatchObject({ handled: false, handled_at: null, handled_by_api_key_id: null, updated_at: '2030-01-03T10:00:00.000000Z' });
    expect((await page('?filter[handled]=true')).data).toEqual([]);
  });

  it("answers 404 for another company's message and writes nothing", async () => {
    const read = async () => (await t.app.database.db.select().from(contactMessages).where(eq(contactMessages.id, sent['Backsplash']!)))[0];
    const before = await read();
    for (const action of ['handled', 'unhandled']) {
      const response = await call('POST', `/contact-messages/${sent['Backsplash']}/${action}`, brightsideKey);
      expect(response.statusCode, action).toBe(404);
    }
    expect((await page('', brightsideKey)).data.map((message) => message.subject)).toEqual(['Lake house dock']);
    expect(await read()).toEqual(before);
  });

  it('answers 403 naming the scope a key lacks', async () => {
    const keys = apiKeysRepository(t.app.database.db);
    const reader = (await keys.create(t.ids.acme.id, 'reader', { scopes: ['messages:read'] })).key;
    const none = (await keys.create(t.ids.acme.id, 'invoices', { scopes: ['invoices:read'] })).key;
    const write = await call('POST', `/contact-messages/${sent['Backsplash']}/handled`, reader);
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ message: 'This API key lacks the scope messages:write.' });
    expect((await call('GET', '/contact-messages', none)).json()).toEqual({ message: 'This API key lacks the scope messages:read.' });
    expect((await call('GET', `/contact-messages/${sent['Backsplash']}`, none)).statusCode).toBe(403);
  });
});
