import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';

/** docs/operations.md, "Metrics": Prometheus text for the operator, never for the public. */
describe('metrics', () => {
  let withToken: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    withToken = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    without = await createTestApp();
  });
  afterAll(async () => {
    await withToken?.close();
    await without?.close();
  });

  it('is not served at all without METRICS_TOKEN: a 404 in the one error shape', async () => {
    const response = await without.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it.each([undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN])('refuses the authorization %s with 401', async (authorization) => {
    const response = await withToken.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('portal_http');
  });

  it('counts requests by route pattern and status, never by the path a client typed', async () => {
    await withToken.app.inject({ url: '/api/health' });
    await withToken.app.inject({ url: '/api/themes/no-such-theme-code/company' });
    const response = await withToken.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/);
    expect(text).toMatch(/portal_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health",status="200"\}/);
    expect(text).toContain('route="/api/themes/:code/company"');
    expect(text).not.toContain('no-such-theme-code');
  });

  it('names the event loop, the queues and the image cache', async () => {
    const text = (await withToken.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    for (const series of [
      'nodejs_eventloop_lag_p99_seconds',
      'portal_webhook_queue_depth 0',
      'portal_email_queue_depth 0',
      'portal_image_cache_bytes',
      'portal_image_encodes_waiting 0',
    ]) {
      expect(text).toContain(series);
    }
    if (withToken.database.kind === 'postgres') expect(text).toMatch(/portal_db_pool_connections\{state="total"\} \d+/);
  });
});
