import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from './post';

/** A webhook goes to the address that was checked, never to what the name resolves to later (DNS rebinding). */

let server: Server;
let port: number;
const seen: { host?: string; body: string }[] = [];
let hang = false;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ host: request.headers.host, body });
      if (!hang) response.writeHead(202).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('postWebhook', () => {
  it('connects to the checked address even when the name resolves nowhere now, and keeps the name in Host', async () => {
    const status = await postWebhook(
      `http://hooks.rebinding.invalid:${port}/in`,
      { address: '127.0.0.1', family: 4 },
      { 'content-type': 'application/json' },
      '{"a":1}',
      2_000,
    );
    expect(status).toBe(202);
    expect(seen.at(-1)).toEqual({ host: `hooks.rebinding.invalid:${port}`, body: '{"a":1}' });
  });

  it('gives up after its timeout on an endpoint that never answers', async () => {
    hang = true;
    const started = Date.now();
    await expect(postWebhook(`http://127.0.0.1:${port}/slow`, { address: '127.0.0.1', family: 4 }, {}, '{}', 300)).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    hang = false;
  });
});
