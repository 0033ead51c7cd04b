import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/auth';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
});

/** A sign-in whose body arrives in two parts: in flight from the first byte to the last. */
function slowSignIn(url: string) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify(DEMO.customer);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  const done = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  const started = new Promise<void>((resolve) =>
    socket.on('connect', () => {
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
        () => resolve(),
      );
    }),
  );
  return { started, finish: () => socket.write(body.slice(10)), done };
}

describe('a graceful stop', () => {
  it('fails readiness first, lets the request in flight finish, then exits', async () => {
    server = await startServer({ SHUTDOWN_DELAY_MS: '1500', SHUTDOWN_TIMEOUT_MS: '10000' });
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);

    const request = slowSignIn(server.url);
    await request.started;
    server.signal('SIGTERM');
    // Still listening during the delay, but no longer ready: the proxy takes it out of rotation.
    await expect.poll(async () => (await fetch(`${server!.url}/api/ready`)).status).toBe(503);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    request.finish();
    const answer = await request.done;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ token: expect.any(String) });
    expect(await server.exited).toBe(0);
  });
});
