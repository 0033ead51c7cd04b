import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP endpoint on the loopback that records what the webhook sender posts, and can fail on demand. */
export interface WebhookReceiver {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
  /** How many of the next requests answer 500. */
  failNext: number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = { url: '', received: [], failNext: 0, close: async () => {} };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body });
      if (receiver.failNext > 0) {
        receiver.failNext--;
        response.writeHead(500).end('down');
      } else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

/** Polls until `probe` gives a value (up to 10 s). */
export async function until<T>(probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('gave up waiting');
}
