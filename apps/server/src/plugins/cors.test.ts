import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

const ALLOWED = 'https://app.example.com';
const preflight = (app: TestApp['app'], origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/entities',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });

describe('cross-origin calls', () => {
  let open: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ env: { CORS_ORIGINS: `${ALLOWED}, http://localhost:5173/` } });
    closed = await createTestApp();
  });
  afterAll(async () => {
    await open?.close();
    await closed?.close();
  });

  it("answers a listed origin's preflight without a token, allowing the bearer header and no credentials", async () => {
    const response = await preflight(open.app, ALLOWED);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(response.headers['access-control-allow-headers'])).toContain('authorization');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    // The trailing slash of the setting is not part of an origin.
    expect((await preflight(open.app, 'http://localhost:5173')).headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('lets a listed origin read the answer, with its status and body as the API gave them', async () => {
    const response = await open.app.inject({ method: 'GET', url: '/api/entities', headers: { origin: ALLOWED } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('allows no other origin, and none at all while CORS_ORIGINS is empty (the default)', async () => {
    for (const app of [open.app, closed.app]) {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect((await preflight(open.app, 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(closed.app, ALLOWED)).headers['access-control-allow-origin']).toBeUndefined();
  });
});
