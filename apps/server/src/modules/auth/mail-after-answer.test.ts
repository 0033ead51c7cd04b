import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { createUser, nextIp, postJson } from '../../../test/sign-in';

/**
 * The emails of the routes that answer alike for a known address and an unknown one (sign-in links, password resets,
 * the console's sign-in links): nothing of the email, not even composing it, happens before the answer has left, so
 * the answer takes the same work either way (docs/security.md).
 */

let t: TestApp;
let lastReply: FastifyReply | null = null;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  t.app.addHook('onRequest', async (_request, reply) => {
    lastReply = reply;
  });
  await t.app.ready();
});
afterAll(() => t.close());

/** Whether the answer had been written out when the route started on its email, for each email a route began. */
async function mailStartedAfterAnswer(url: string, email: string): Promise<boolean[]> {
  const started: boolean[] = [];
  const send = vi.spyOn(t.app.mailer, 'sendInBackground').mockImplementation(() => {
    started.push(lastReply!.raw.writableEnded);
  });
  try {
    const response = await postJson(t.app, url, { email }, { ip: nextIp() });
    expect(response.statusCode, response.body).toBe(202);
    await vi.waitFor(() => expect(started).toHaveLength(1));
    return started;
  } finally {
    send.mockRestore();
  }
}

describe('an email that only known addresses get', () => {
  it('is started only once the answer has left: sign-in links, password resets and the console sign-in links', async () => {
    const { email } = await createUser(t.app, { password: 'correct horse battery' });
    expect(await mailStartedAfterAnswer('/api/auth/passwordless', email)).toEqual([true]);
    expect(await mailStartedAfterAnswer('/api/auth/password-reset', email)).toEqual([true]);
    expect(await mailStartedAfterAnswer('/api/staff/auth/passwordless', 'dana@acme-builders.example.com')).toEqual([true]);
  });
});
