import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findLeaks } from './support/run-log';

/**
 * The check the global teardown runs over the whole run's server logs (support/run-log.ts). Here it reads logs
 * written for the purpose, so a check that finds nothing cannot pass unnoticed.
 */
describe('the check for credentials in the run’s server logs', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function scan(log: string, secrets: Record<string, string> = {}) {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-log-check-'));
    await writeFile(path.join(dir, 'server-1.log'), log);
    await writeFile(
      path.join(dir, 'secrets-1.jsonl'),
      Object.entries(secrets)
        .map(([name, value]) => `${JSON.stringify({ name, value })}\n`)
        .join(''),
    );
    return findLeaks(dir);
  }

  it('finds a recorded credential anywhere in a line', async () => {
    const leaks = await scan('{"msg":"hello"}\n{"msg":"user signed in with abcdefgh12345678"}\n', { 'a session token': 'abcdefgh12345678' });
    expect(leaks).toEqual(['server-1.log:2: a session token']);
  });

  it('finds credentials by their shape: a signature in clear, an API key, a webhook secret, an Authorization header', async () => {
    const leaks = await scan(
      [
        '{"req":{"url":"/api/files/1?exp=1&sig=AbCdEfGh1234"}}',
        '{"msg":"key ppk_12_abcdefghijkl"}',
        '{"msg":"secret whsec_abcdefghijkl"}',
        '{"req":{"headers":{"authorization":"Bearer x"}}}',
        '{"req":{"url":"/api/calendar-feeds/AbCdEfGh12345678.ics"}}',
      ].join('\n'),
    );
    expect(leaks).toEqual([
      'server-1.log:1: a signature, token or code in a URL',
      'server-1.log:2: an API key',
      'server-1.log:3: a webhook secret',
      'server-1.log:4: an Authorization header',
      'server-1.log:5: a calendar feed secret',
    ]);
  });

  it('passes redacted links and the sign-in links a server without SMTP prints on purpose', async () => {
    const leaks = await scan(
      ['{"req":{"url":"/api/files/1?exp=1&sig=[redacted]"}}', '{"event":"mail.outbox","link":"http://x/auth/passwordless/login?token=abcdefgh12345678"}'].join(
        '\n',
      ),
      { 'a link token': 'abcdefgh12345678' },
    );
    expect(leaks).toEqual([]);
  });
});
