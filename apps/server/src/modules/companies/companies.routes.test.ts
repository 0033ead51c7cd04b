import { COMPANY_SWITCHES, CompanySchema } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../../test/suite';
import { companies } from '../../db/schema';
import { bearer } from '../../../test/portal-users';

const PUBLIC_URL = 'https://portal.example.com';

const t = useDemoApp({ env: { PUBLIC_URL } });
let stranger: number;

beforeAll(async () => {
  const [row] = await t.database.db.insert(companies).values({ name: 'Nobody shares with you' }).returning({ id: companies.id });
  stranger = row!.id;
});

const get = (url: string, token: string | null = t.casey) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /api/companies/{id}', () => {
  it('answers every field and switch of a company (docs/requirements.md 4.6), with the theme when included', async () => {
    const response = await get(`/api/companies/${t.ids.acme.id}?include=portal_theme`);
    expect(response.statusCode).toBe(200);
    const company = CompanySchema.parse(response.json());
    expect(company).toMatchObject({
      id: t.ids.acme.id,
      name: 'Acme Builders',
      url: 'https://acme-builders.example.com',
      phone_default: '(512) 555-0134',
      color: '#c2410c',
      logo_url: `${PUBLIC_URL}/brand/acme.svg`,
      portal_welcome_message: expect.stringContaining('Welcome'),
      portal_theme: { code: 'acme', name: 'Acme Builders', color: '#c2410c', logo_url: `${PUBLIC_URL}/brand/acme.svg`, company_id: t.ids.acme.id },
    });
    for (const name of COMPANY_SWITCHES) expect(response.json()).toHaveProperty(name, true);
  });

  it('carries the switches as they are, off ones included', async () => {
    const company = (await get(`/api/companies/${t.ids.brightside.id}`)).json();
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
    const notShared = await get(`/api/companies/${t.ids.brightside.id}?include=portal_theme`, t.nico);
    const nobodys = await get(`/api/companies/${stranger}`, t.nico);
    const missing = await get('/api/companies/999999', t.nico);
    for (const response of [notShared, nobodys, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('{"message":"Not found."}');
    }
    expect((await get(`/api/companies/${t.ids.acme.id}`, t.nico)).statusCode).toBe(200);
  });

  it('refuses an unknown include or parameter with 400 and 401 without a token', async () => {
    const include = await get(`/api/companies/${t.ids.acme.id}?include=staff`);
    expect(include.statusCode).toBe(400);
    expect(include.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { include: ['The include staff is not allowed. Allowed: portal_theme'] },
    });
    const param = await get(`/api/companies/${t.ids.acme.id}?filter[x]=1`);
    expect(param.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { filter: ['The query parameter filter is not allowed. Allowed: include'] },
    });
    const anonymous = await get(`/api/companies/${t.ids.acme.id}`, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
