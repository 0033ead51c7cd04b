import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HTML_BYTES, imageBytes, multipartBody, pixelBombPng } from '../../../test/fixtures';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { companies, files, portalThemes } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** The company side of the company: details, branding, theme code, logo (docs/company-api.md, "Company"). */

const t = useDemoApp();
let key: string;
let readOnly: string;

beforeAll(async () => {
  key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'crm')).key;
  readOnly = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'reader', { scopes: ['company:read'] })).key;
});

const call = (
  method: 'GET' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: object | Buffer; headers?: Record<string, string>; as?: string } = {},
) => t.app.inject({ method, url, headers: { ...options.headers, ...bearer(options.as ?? key) }, ...(options.payload ? { payload: options.payload } : {}) });
const uploadLogo = async (data: Buffer, filename = 'logo.png', contentType = 'image/png') => {
  const body = multipartBody([{ name: 'file', filename, contentType, data }]);
  return call('PUT', '/api/integration/company/logo', { payload: body.payload, headers: body.headers });
};
const blobCount = async () => (await readdir(path.join(t.dataDir, 'blobs'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
const fileCount = async () => (await t.app.database.db.select().from(files)).length;

describe('the company', () => {
  it("reads the key's company with its switches and theme code", async () => {
    const response = await call('GET', '/api/integration/company');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: t.ids.acme.id, name: 'Acme Builders', theme_code: 'acme', is_portal_project_notes_enabled: true });
  });

  it("brands the portal and the sign-in pages at once, through the customers' cached answers", async () => {
    const before = await t.app.inject({ method: 'GET', url: `/api/companies/${t.ids.acme.id}`, headers: bearer(t.casey) });
    expect(before.json().color).toBe('#c2410c');
    const response = await call('PATCH', '/api/integration/company', {
      payload: { color: '#0f766e', portal_welcome_message: 'Welcome home.', name: 'Acme Builders Co' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ color: '#0f766e', portal_welcome_message: 'Welcome home.', name: 'Acme Builders Co', url: t.ids.acme.url });
    const after = await t.app.inject({ method: 'GET', url: `/api/companies/${t.ids.acme.id}`, headers: bearer(t.casey) });
    expect(after.json()).toMatchObject({ color: '#0f766e', name: 'Acme Builders Co' });
    const theme = await t.app.inject({ method: 'GET', url: '/api/themes/acme/company' });
    expect(theme.json()).toMatchObject({ name: 'Acme Builders Co', color: '#0f766e' });
  });

  it('changes the theme code, and refuses one another company holds', async () => {
    expect((await call('PATCH', '/api/integration/company', { payload: { theme_code: 'acme-co' } })).json().theme_code).toBe('acme-co');
    expect((await t.app.inject({ method: 'GET', url: '/api/themes/acme-co/company' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/themes/acme/company' })).statusCode).toBe(404);
    const taken = await call('PATCH', '/api/integration/company', { payload: { theme_code: 'brightside', color: '#000000' } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ theme_code: ['The theme code is already taken by another company.'] });
    const [company] = await t.app.database.db.select().from(companies).where(eq(companies.id, t.ids.acme.id));
    expect(company!.color).toBe('#0f766e');
    await call('PATCH', '/api/integration/company', { payload: { theme_code: 'acme' } });
  });

  it('refuses bad input naming each field, and changes nothing', async () => {
    const response = await call('PATCH', '/api/integration/company', {
      payload: { color: 'red', url: 'javascript:alert(1)', contact_email: 'nope', theme_code: 'Bad Code', name: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['color', 'contact_email', 'name', 'theme_code', 'url']);
    // Said so an office manager in the console can fix it beside the field.
    expect(response.json().errors.color).toEqual(['The colour must be a hex code such as #0f766e.']);
    expect((await call('PATCH', '/api/integration/company', { payload: { is_portal_everything_enabled: true } })).statusCode).toBe(422);
    const [company] = await t.app.database.db.select().from(companies).where(eq(companies.id, t.ids.acme.id));
    expect(company!.name).toBe('Acme Builders Co');
  });

  it('needs company:write to change anything', async () => {
    expect((await call('GET', '/api/integration/company', { as: readOnly })).statusCode).toBe(200);
    const refused = await call('PATCH', '/api/integration/company', { payload: { name: 'Nope' }, as: readOnly });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This API key lacks the scope company:write.');
  });
});

describe('the logo', () => {
  it('uploads a logo the portal and the sign-in pages show, served publicly; a new one replaces it and the old one is gone', async () => {
    const first = await uploadLogo(await imageBytes('png', 200, 80));
    expect(first.statusCode).toBe(200);
    const url = first.json().logo_url as string;
    expect(url).toMatch(/^http:\/\/portal\.test\/api\/logos\/\d+$/);
    const served = await t.app.inject({ method: 'GET', url: url.replace('http://portal.test', '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/api/themes/acme/company' })).json().logo_url).toBe(url);

    const blobsBefore = await blobCount();
    const second = await uploadLogo(await imageBytes('webp', 120, 40), 'logo.webp', 'image/webp');
    expect(second.statusCode).toBe(200);
    expect(second.json().logo_url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: url.replace('http://portal.test', '') })).statusCode).toBe(404);
    expect(await blobCount()).toBe(blobsBefore);
  });

  it('serves no other file as a logo', async () => {
    const [someFile] = await t.app.database.db.select().from(files).limit(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/logos/${someFile!.id}` })).statusCode).toBe(404);
  });

  it('refuses what is not a small image, storing nothing', async () => {
    const [filesBefore, blobsBefore] = [await fileCount(), await blobCount()];
    for (const [data, name] of [
      [HTML_BYTES, 'logo.png'],
      [Buffer.alloc(0), 'logo.png'],
      [pixelBombPng(), 'bomb.png'],
      [await imageBytes('png'), '../../etc/logo.png'],
    ] as const) {
      const response = await uploadLogo(data, name);
      expect(response.statusCode, name).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['file']);
    }
    expect([await fileCount(), await blobCount()]).toEqual([filesBefore, blobsBefore]);
  });

  it('removes the logo: the portal shows the name instead', async () => {
    const before = (await call('GET', '/api/integration/company')).json().logo_url as string;
    const response = await call('DELETE', '/api/integration/company/logo');
    expect(response.json().logo_url).toBeNull();
    const [theme] = await t.app.database.db.select().from(portalThemes).where(eq(portalThemes.company_id, t.ids.acme.id));
    expect(theme!.logo_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: before.replace('http://portal.test', '') })).statusCode).toBe(404);
  });
});
