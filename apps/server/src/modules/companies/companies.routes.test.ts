import { COMPANY_SWITCHES, CompanySchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { companies } from '../../db/schema';
import { bearer, demoIds, signInDemo } from '../../../test/portal-users';

const PUBLIC_URL = 'https://portal.example.com';

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let casey: string;
let nico: string;
let stranger: number;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { PUBLIC_URL } });
  await t.app.ready();
  ids = await demoIds(t.app);
  const [row] = await t.database.db.insert(companies).values({ name: 'Nobody shares with you' }).returning({ id: companies.id });
  stranger = row!.id;
  casey = await signInDemo(t.app, 0);
  nico = await signInDemo(t.app, 1);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string | null = casey) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /api/companies/{id}', () => {
  it('answers every field and switch of a company (docs/product.md 4.6), with the theme when included', async () => {
    const response = await get(`/api/companies/${ids.acme.id}?include=portal_theme`);
    expect(response.statusCode).toBe(200);
    const company = CompanySchema.parse(response.json());
    expect(company).toMatchObject({
      id: ids.acme.id,
      name: 'Acme Builders',
      url: 'https://acme-builders.example.com',
      phone_default: '(512) 555-0134',
      color: '#c2410c',
      logo_url: `${PUBLIC_URL}/brand/acme.svg`,
      portal_welcome_message: expect.stringContaining('Welcome'),
      portal_theme: { code: 'acme', name: 'Acme Builders', color: '#c2410c', logo_url: `${PUBLIC_URL}/brand/acme.svg`, company_id: ids.acme.id },
    });
    for (const name of COMPANY_SWITCHES) expect(response.json()).toHaveProperty(name, true);
  });

  it('carries the switches as they are, off ones included', async () => {
    const company = (await get(`/api/companies/${ids.brightside.id}`)).json();
    expect(company).toMatchObject({
      is_portal_album_sharing_enabled: false,
      is_portal_file_sharing_enabled: true,
      is_portal_invoicing_enabled: false,
      is_portal_project_calendar_enabled: false,
      is_portal_project_info_enabled: true,
      is_portal_project_notes_enabled: true,
      is_portal_proposals_enabled: false,
      is_portal_user_profile_pics_enabled: false,
    });
    expect(company).not.toHaveProperty('portal_theme');
  });

  it('answers a company the user has nothing from exactly as one that does not exist', async () => {
    // Nico has projects at Acme only.
    const notShared = await get(`/api/companies/${ids.brightside.id}?include=portal_theme`, nico);
    const nobodys = await get(`/api/companies/${stranger}`, nico);
    const missing = await get('/api/companies/999999', nico);
    for (const response of [notShared, nobodys, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('{"message":"Not found."}');
    }
    expect((await get(`/api/companies/${ids.acme.id}`, nico)).statusCode).toBe(200);
  });

  it('refuses an unknown include or parameter with 400 and 401 without a token', async () => {
    const include = await get(`/api/companies/${ids.acme.id}?include=staff`);
    expect(include.statusCode).toBe(400);
    expect(include.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { include: ['The include staff is not allowed. Allowed: portal_theme'] },
    });
    const param = await get(`/api/companies/${ids.acme.id}?filter[x]=1`);
    expect(param.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { filter: ['The query parameter filter is not allowed. Allowed: include'] },
    });
    const anonymous = await get(`/api/companies/${ids.acme.id}`, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
