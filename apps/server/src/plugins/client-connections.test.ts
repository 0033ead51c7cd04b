import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { multipartBody, pdfBytes } from '../../test/fixtures';
import { demoIds, signInDemo } from '../../test/portal-users';

/**
 * Real sockets, as real clients misbehave: one that hangs up halfway through its request, and one that sends its
 * body a byte at a time (docs/operations.md, "Slow clients" and "Logs").
 */

/** Opens a connection, sends `text`, and hands back the socket and what the server answers until it closes. */
function connect(port: number, text: string | Buffer) {
  const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  // A write after the server has closed the connection fails with EPIPE or ECONNRESET: what a cut-off client sees.
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  return { socket, closed };
}

type LogLine = { level: number; msg: string; event?: string; err?: { stack?: string } };

const DEADLINE_MS = 300;
const lines: LogLine[] = [];
/** The requests the server has begun, newest last, to see when it is reading a body. */
const requests: IncomingMessage[] = [];
let t: TestApp;
let port: number;
let token: string;
let entity: number;

beforeAll(async () => {
  // The whole-request timeout stays long, as in production: only the short deadline can cut the slow clients below.
  t = await createTestApp({
    seed: true,
    env: { PUBLIC_BODY_TIMEOUT_MS: String(DEADLINE_MS), REQUEST_TIMEOUT_MS: '120000' },
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.app.server.on('request', (request: IncomingMessage) => requests.push(request));
  port = (t.app.server.address() as net.AddressInfo).port;
  token = await signInDemo(t.app, 0);
  entity = (await demoIds(t.app)).caseyEntities[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('a client that hangs up mid-request', () => {
  /** Sends the head and part of the body, waits until the server is reading that body, then hangs up. */
  async function hangUpMidBody(head: string, partOfBody: Buffer, how: 'close' | 'reset') {
    const before = requests.length;
    const { socket, closed } = connect(port, Buffer.concat([Buffer.from(head), partOfBody]));
    // Checked often: the sign-in's body has only DEADLINE_MS before the server cuts it off itself.
    await expect.poll(() => requests.length > before && requests.at(-1)!.readableFlowing === true, { interval: 5 }).toBe(true);
    if (how === 'reset') socket.resetAndDestroy();
    else socket.destroy();
    await closed;
  }

  it('logs a cancelled sign-in and a cancelled upload at info, with no stack and no error', async () => {
    const gone = () => lines.filter((line) => line.event === 'request.client-gone').length;
    const pdf = multipartBody([{ name: 'file', filename: 'Site plan.pdf', contentType: 'application/pdf', data: await pdfBytes('Site plan') }]);
    // Cut inside the file: the upload's head and most of the PDF, never its closing boundary.
    const partOfUpload = pdf.payload.subarray(0, pdf.payload.length - 200);
    const uploadHead =
      `POST /api/entities/${entity}/documents HTTP/1.1\r\nHost: portal.test\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: ${pdf.headers['content-type']}\r\nContent-Length: ${pdf.payload.length + 1_000_000}\r\n\r\n`;
    const loginHead = 'POST /api/auth/login HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';

    lines.length = 0;
    for (const how of ['close', 'reset'] as const) {
      await hangUpMidBody(uploadHead, partOfUpload, how);
      await hangUpMidBody(loginHead, Buffer.from('{"email":"casey'), how);
    }

    await expect.poll(gone).toBe(4);
    expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);
    expect(lines.filter((line) => line.err !== undefined).map((line) => line.msg)).toEqual([]);
    // The server is none the worse for it.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});

describe('a request body that arrives a byte at a time', () => {
  /** Sends `head`, then `body` in `pieces` slices `everyMs` apart, for as long as the connection is open. */
  function dribble(head: string, body: Buffer, pieces: number, everyMs: number) {
    const started = Date.now();
    const connection = connect(port, head);
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    const timer = setInterval(() => {
      if (connection.socket.destroyed || sent >= body.length) return clearInterval(timer);
      connection.socket.write(body.subarray(sent, sent + size));
      sent += size;
    }, everyMs);
    return connection.closed.then((answer) => {
      clearInterval(timer);
      return { answer, elapsedMs: Date.now() - started };
    });
  }

  it('cuts off the sign-in, and an address that matches no route, with a 408 in the one shape, within the short deadline', async () => {
    for (const url of ['/api/auth/login', '/api/nowhere']) {
      const body = Buffer.from(JSON.stringify({ email: 'casey@example.com', password: 'x'.repeat(100) }));
      // One byte every 100 ms: the whole body would take about 14 s.
      const { answer, elapsedMs } = await dribble(
        `POST ${url} HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
        body.length,
        100,
      );
      expect(answer, url).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.toLowerCase(), url).toContain('connection: close');
      expect(JSON.parse(answer.split('\r\n\r\n')[1]!), url).toEqual({ message: 'The request took too long to arrive.' });
      // Closed at the deadline, far sooner than the body would have taken (and than REQUEST_TIMEOUT_MS).
      expect(elapsedMs, url).toBeGreaterThanOrEqual(DEADLINE_MS);
      expect(elapsedMs, url).toBeLessThan(10_000);
    }
  });

  it('stays up when nobody reads the body: a refused content type, past the deadline, then a hang-up', async () => {
    // 415 is answered before any parser reads the body; the deadline and the hang-up then fail a body nobody listens to.
    const { socket, closed } = connect(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: portal.test\r\nContent-Type: text/plain\r\nContent-Length: 200\r\n\r\nhello',
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    await expect.poll(() => answer).toMatch(/^HTTP\/1\.1 415 /);
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 2));
    socket.destroy();
    await closed;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('lets a signed-in upload take longer than the short deadline', async () => {
    const pdf = multipartBody([{ name: 'file', filename: 'Slow line.pdf', contentType: 'application/pdf', data: await pdfBytes('Slow line') }]);
    const { answer, elapsedMs } = await dribble(
      `POST /api/entities/${entity}/documents HTTP/1.1\r\nHost: portal.test\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n` +
        `Content-Type: ${pdf.headers['content-type']}\r\nContent-Length: ${pdf.payload.length}\r\n\r\n`,
      pdf.payload,
      8,
      DEADLINE_MS / 2,
    );
    expect(elapsedMs).toBeGreaterThan(DEADLINE_MS);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
  });
});
