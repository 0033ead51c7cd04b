import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/suite';

/** One id per request, in the answer's X-Request-Id and on every log line of the request (docs/operations.md, "Logs"). */

const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
const t = useTestApp({ logger: { level: 'info', stream } });

describe('request ids', () => {
  it('gives each request a new id, sends it back and logs it', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const [a, b] = [first.headers['x-request-id'], second.headers['x-request-id']];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
    expect(second.statusCode).toBe(404);
    expect(lines.some((line) => line.reqId === b)).toBe(true);
  });

  it("keeps a proxy's id that looks like one, and replaces anything else", async () => {
    const proxied = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': '5d41402abc4b2a76b9719d911017c592' } });
    expect(proxied.headers['x-request-id']).toBe('5d41402abc4b2a76b9719d911017c592');
    for (const bad of ['short', 'has space in it ok', 'x'.repeat(65), 'new\u2028line-id']) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
