import net from 'node:net';
import { ApiErrorSchema, ERROR_MESSAGES } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helpers';
import { invalid, tooManyAttempts } from '../lib/http-errors';
import { bearer, signInDemo } from '../../test/portal-users';

const StrictApiError = z.strictObject(ApiErrorSchema.shape);
const SECRET = 'password=hunter2 at connect (/srv/db.ts:12:3)';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT: '1024' } });
  const { app } = t;
  app.post(
    '/api/__echo',
    {
      schema: {
        body: z.object({ name: z.string().min(1), count: z.number().int() }),
        querystring: z.object({ limit: z.coerce.number().int().positive().optional() }),
      },
    },
    async (request) => ({ body: request.body, query: request.query }),
  );
  app.post('/api/__strict', { schema: { body: z.strictObject({ name: z.string() }) } }, async () => ({}));
  app.get('/api/__boom', async () => {
    throw new Error(SECRET);
  });
  app.get('/api/__invalid', async () => {
    throw invalid({ email: ['The email field is required.'] });
  });
  app.get('/api/__throttled', async () => {
    throw tooManyAttempts(41.2);
  });
  await app.ready();
});

afterAll(async () => {
  await t?.close();
});

function expectJsonError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  // Exactly { message, errors? }: nothing else (no stack, no code) ever leaves.
  return StrictApiError.parse(response.json());
}

const echo = (payload: string, contentType = 'application/json', url = '/api/__echo') =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

describe('the error shape', () => {
  it('accepts a valid JSON body (the test route works)', async () => {
    const response = await echo(JSON.stringify({ name: 'a', count: 2 }), 'application/json', '/api/__echo?limit=5');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { name: 'a', count: 2 }, query: { limit: 5 } });
  });

  it('answers an unknown /api route with 404 Not found.', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(expectJsonError(response, 404)).toEqual({ message: 'Not found.' });
    }
  });

  it('answers any other path with the JSON 404 when the web app is not built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/projects/12?x=1' });
    expect(expectJsonError(response, 404)).toEqual({ message: 'Not found.' });
  });

  it('answers malformed JSON with 400', async () => {
    expect(expectJsonError(await echo('{"name": "a",'), 400)).toEqual({ message: ERROR_MESSAGES.malformedJson });
  });

  it('answers an empty JSON body with 400', async () => {
    expect(expectJsonError(await echo(''), 400)).toEqual({ message: ERROR_MESSAGES.malformedJson });
  });

  it('answers a body over BODY_LIMIT with 413', async () => {
    const response = await echo(JSON.stringify({ name: 'x'.repeat(2000), count: 1 }));
    expect(expectJsonError(response, 413)).toEqual({ message: ERROR_MESSAGES.payloadTooLarge });
  });

  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])('answers content type %s with 415', async (type) => {
    const response = await echo('name=a', type);
    expect(expectJsonError(response, 415)).toEqual({ message: ERROR_MESSAGES.unsupportedMediaType });
  });

  it('answers a body that breaks the schema with 422 and the errors per field', async () => {
    const body = expectJsonError(await echo(JSON.stringify({ name: '', count: 1.5 })), 422);
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['count', 'name']);
    expect(body.errors?.name).toEqual([expect.any(String)]);
    expect(body.errors?.count).toEqual([expect.any(String)]);
  });

  it('names a missing field in the 422 errors', async () => {
    const body = expectJsonError(await echo(JSON.stringify({ name: 'a' })), 422);
    expect(body).toEqual({ message: ERROR_MESSAGES.invalid, errors: { count: [expect.any(String)] } });
  });

  it('names a field the schema does not know only when its name is plain, never echoing markup', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/__strict',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'a', nick: 'b', '<img src=x onerror=alert(1)>': 1 }),
    });
    const body = expectJsonError(response, 422);
    expect(response.body).not.toContain('<img');
    expect(body).toEqual({ message: ERROR_MESSAGES.invalid, errors: { nick: ['This field is not allowed.'], _: ['A field is not allowed.'] } });
  });

  it('answers a bad querystring with 400', async () => {
    const response = await echo(JSON.stringify({ name: 'a', count: 1 }), 'application/json', '/api/__echo?limit=abc');
    const body = expectJsonError(response, 400);
    expect(body).toEqual({ message: ERROR_MESSAGES.invalid, errors: { limit: [expect.any(String)] } });
  });

  it('answers a thrown Error with 500 Server Error and nothing of the error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/__boom' });
    expect(expectJsonError(response, 500)).toEqual({ message: 'Server Error' });
    expect(response.body).toBe('{"message":"Server Error"}');
  });

  it('passes an HttpError through with its status, errors and headers', async () => {
    const invalidResponse = await t.app.inject({ method: 'GET', url: '/api/__invalid' });
    expect(expectJsonError(invalidResponse, 422)).toEqual({
      message: ERROR_MESSAGES.invalid,
      errors: { email: ['The email field is required.'] },
    });

    const throttled = await t.app.inject({ method: 'GET', url: '/api/__throttled' });
    expect(expectJsonError(throttled, 429)).toEqual({ message: 'Too many attempts.' });
    expect(throttled.headers['retry-after']).toBe('42');
  });
});

/** What a raw socket gets back: the server's status line and body, as a client that bypasses every library would. */
function rawRequest(port: number, text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

describe('requests refused before any route runs', () => {
  it('answers a NUL or another control character in the path or query with 400, before any query', async () => {
    for (const url of ['/api/themes/%00/company', '/api/themes/a%01b/company', '/api/entities?filter[company_id]=1%00', '/api/health?x=%7f']) {
      expect(expectJsonError(await t.app.inject({ method: 'GET', url }), 400), url).toEqual({
        message: 'The request address may not contain control characters.',
      });
    }
  });

  it('answers a badly encoded path in the one shape, without echoing it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/entities/%ff' });
    expect(expectJsonError(response, 400)).toEqual({ message: 'The request address is not valid.' });
    expect(response.body).not.toContain('%ff');
  });

  it('answers a path parameter over the router limit with 414 in the one shape, without echoing it', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/entities/${'7'.repeat(300)}` });
    expect(expectJsonError(response, 414)).toEqual({ message: 'The request address is too long.' });
    expect(response.body).not.toContain('777');
  });

  it("answers what Node's parser refuses (headers over 16 KB, a broken chunked body) in the one shape", async () => {
    const listening = await createTestApp();
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = listening.app.server.address() as net.AddressInfo;
      const long = await rawRequest(port, `GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(long.status).toBe(431);
      expect(StrictApiError.parse(JSON.parse(long.body))).toEqual({ message: 'The request headers are too large.' });
      const chunked = await rawRequest(port, 'DELETE /api/auth/session HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n');
      expect(chunked.status).toBe(400);
      expect(StrictApiError.parse(JSON.parse(chunked.body))).toEqual({ message: 'The request could not be understood.' });
    } finally {
      await listening.close();
    }
  });
});

describe('with the demo signed in', () => {
  let demo: TestApp;
  let token: string;

  beforeAll(async () => {
    demo = await createTestApp({ seed: true });
    token = await signInDemo(demo.app, 0);
  });

  afterAll(async () => {
    await demo?.close();
  });

  it('keeps every answer of the API out of shared and local caches, signed in or not, errors included', async () => {
    for (const [url, auth] of [
      ['/api/entities', true],
      ['/api/health', false],
      ['/api/entities/999999', true],
      ['/api/nowhere', false],
    ] as const) {
      const response = await demo.app.inject({ method: 'GET', url, headers: auth ? bearer(token) : {} });
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('reads only the canonical decimal form as an id: 01, 1.0, +1 and a space before it are 400', async () => {
    const [first] = (await demo.app.inject({ method: 'GET', url: '/api/entities', headers: bearer(token) })).json().data;
    expect((await demo.app.inject({ method: 'GET', url: `/api/entities/${first.id}`, headers: bearer(token) })).statusCode).toBe(200);
    for (const id of [`0${first.id}`, `${first.id}.0`, `%2B${first.id}`, `%20${first.id}`, `${first.id}e0`, '0x1']) {
      const response = await demo.app.inject({ method: 'GET', url: `/api/entities/${id}`, headers: bearer(token) });
      expect(expectJsonError(response, 400), id).toMatchObject({ message: ERROR_MESSAGES.invalid, errors: { id: [expect.any(String)] } });
    }
    expectJsonError(await demo.app.inject({ method: 'GET', url: `/api/contact?entity=0${first.id}`, headers: bearer(token) }), 400);
  });
});

/** A connection that sends `text` and then nothing; resolves with what the server said once it closes the connection. */
function heldConnection(port: number, text: string): { closed: Promise<string> } {
  const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  return { closed: new Promise((resolve) => socket.on('close', () => resolve(answer))) };
}

describe('slow and idle clients', () => {
  it('closes connections that never finish their headers (a slowloris), with a 408 in the one shape, and keeps answering others', async () => {
    const slow = await createTestApp({ env: { HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '1000' } });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = slow.app.server.address() as net.AddressInfo;
      const held = Array.from({ length: 30 }, () => heldConnection(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: 1'));
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      const answers = await Promise.all(held.map((connection) => connection.closed));
      for (const answer of answers) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ message: 'The request took too long to arrive.' });
      }
    } finally {
      await slow.close();
    }
  });

  it('takes no more connections than MAX_CONNECTIONS at once', async () => {
    const capped = await createTestApp({ env: { MAX_CONNECTIONS: '3', HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' } });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = capped.app.server.address() as net.AddressInfo;
      const held = Array.from({ length: 3 }, () => heldConnection(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The fourth is dropped without an answer while three are held …
      expect(await heldConnection(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n').closed).toBe('');
      // … and once they time out, the server answers again.
      await Promise.all(held.map((connection) => connection.closed));
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

describe('HTTPS', () => {
  it('tells browsers to keep to HTTPS (HSTS) when the public address is https, and not otherwise', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.com' } });
    try {
      for (const url of ['/api/health', '/api/nowhere', '/login']) {
        expect((await secure.app.inject({ method: 'GET', url })).headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await secure.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
  });
});
