import { CompanyThemeSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/suite';
import { companies, portalThemes } from '../../db/schema';
import { THEME_RATE_LIMIT } from './themes.routes';

const PUBLIC_URL = 'https://portal.example.com';

const t = useTestApp({ seed: true, env: { PUBLIC_URL } });

let address = 0;
/** Each test its own client address: the limit is per IP. */
const newIp = () => `192.0.2.${++address}`;
const theme = (code: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/themes/${code}/company`, remoteAddress: ip, headers });

describe('GET /api/themes/{code}/company', () => {
  it('answers name, colour and absolute logo without a token', async () => {
    const response = await theme('acme', newIp());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Acme Builders', color: '#c2410c', logo_url: `${PUBLIC_URL}/brand/acme.svg` });
    CompanyThemeSchema.parse(response.json());
  });

  it('ignores an empty bearer header (the client sends one, docs/requirements.md 8.2)', async () => {
    const response = await theme('brightside', newIp(), { authorization: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Brightside Remodeling', color: '#1d4ed8' });
  });

  it("falls back to the theme's own colour and logo when the company has none", async () => {
    const db = t.database.db;
    const [company] = await db.insert(companies).values({ name: 'Plain Co' }).returning({ id: companies.id });
    await db
      .insert(portalThemes)
      .values({ company_id: company!.id, code: 'plain', name: 'Plain', color: '#123456', logo_url: 'https://cdn.example.com/plain.png' });
    expect((await theme('plain', newIp())).json()).toEqual({ name: 'Plain Co', color: '#123456', logo_url: 'https://cdn.example.com/plain.png' });
    await db.update(portalThemes).set({ color: null, logo_url: null }).where(eq(portalThemes.code, 'plain'));
    expect((await theme('plain', newIp())).json()).toEqual({ name: 'Plain Co', color: null, logo_url: null });
  });

  it('answers 404 for an unknown code', async () => {
    const response = await theme('no-such-theme', newIp());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it(`allows ${THEME_RATE_LIMIT.limit} requests a minute per client, then 429 with Retry-After`, async () => {
    const ip = newIp();
    for (let index = 0; index < THEME_RATE_LIMIT.limit; index += 1) {
      const response = await theme(index % 2 ? 'acme' : 'no-such-theme', ip);
      expect(response.statusCode).not.toBe(429);
    }
    const refused = await theme('acme', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many attempts.' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client is not affected.
    expect((await theme('acme', newIp())).statusCode).toBe(200);
  });
});
