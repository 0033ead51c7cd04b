import { ERROR_MESSAGES } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useFrozenClock, useTestApp } from '../../../test/suite';
import { bearer, createUser, DAY, me, MINUTE, nextIp, postJson } from '../../../test/sign-in';

const PASSWORD = 'correct horse battery';

const clock = useFrozenClock();
const t = useTestApp();

async function signIn(email: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36') {
  const response = await postJson(t.app, '/api/auth/login', { email, password: PASSWORD }, { ip: nextIp(), headers: { 'user-agent': userAgent } });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string; user: { id: number } }>().token;
}

const UNAUTHENTICATED = JSON.stringify({ message: ERROR_MESSAGES.unauthenticated });

describe('a session', () => {
  let email: string;
  beforeAll(async () => {
    ({ email } = await createUser(t.app, { password: PASSWORD }));
  });
  afterEach(() => {
    // Every test starts a day later: nothing of the one before is still in a window.
    clock.advance(DAY);
  });

  it('signs in, answers /me, lists itself as current, and signs out', async () => {
    const token = await signIn(email);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const meResponse = await me(t.app, token);
    expect(meResponse.statusCode).toBe(200);
    expect(meResponse.json()).toMatchObject({ email, first_name: 'Pat' });

    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(token) });
    const current = list.json<{ data: { id: number; device: string; current: boolean }[] }>().data.find((session) => session.current);
    expect(current).toMatchObject({ device: 'Chrome on Linux' });

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    const after = await me(t.app, token);
    expect(after.statusCode).toBe(401);
    expect(after.body).toBe(UNAUTHENTICATED);
  });

  it('gives a new token at every sign-in', async () => {
    const first = await signIn(email);
    const second = await signIn(email);
    expect(first).not.toBe(second);
    expect((await me(t.app, first)).statusCode).toBe(200);
    expect((await me(t.app, second)).statusCode).toBe(200);
  });

  it('expires after 7 idle days', async () => {
    const token = await signIn(email);
    clock.advance(7 * DAY - MINUTE);
    expect((await me(t.app, token)).statusCode).toBe(200);
    // Used just now: another 7 days from here.
    clock.advance(7 * DAY - MINUTE);
    expect((await me(t.app, token)).statusCode).toBe(200);
    clock.advance(7 * DAY + MINUTE);
    const response = await me(t.app, token);
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe(UNAUTHENTICATED);
  });

  it('expires 30 days after sign-in however often it is used', async () => {
    const token = await signIn(email);
    for (let day = 6; day < 30; day += 6) {
      clock.advance(6 * DAY);
      expect((await me(t.app, token)).statusCode, `day ${day}`).toBe(200);
    }
    // Day 24 now; used every 6 days, so never idle. Day 30 minus a minute still works …
    clock.advance(6 * DAY - MINUTE);
    expect((await me(t.app, token)).statusCode).toBe(200);
    // … and just past day 30 it does not.
    clock.advance(2 * MINUTE);
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('stops working once revoked from another session, and is gone from the list', async () => {
    const phone = await signIn(email, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1');
    const laptop = await signIn(email);
    const phoneId = Number(phone.split('.')[0]);

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}`, headers: bearer(laptop) });
    expect(revoke.statusCode).toBe(204);
    const response = await me(t.app, phone);
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe(UNAUTHENTICATED);

    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(laptop) });
    expect(list.json<{ data: { id: number }[] }>().data.map((session) => session.id)).not.toContain(phoneId);
    // A second revoke of the same session, or of someone else's, is 404.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}`, headers: bearer(laptop) })).statusCode).toBe(404);
  });

  it("cannot revoke another user's session", async () => {
    const other = await createUser(t.app, { password: PASSWORD });
    const theirs = await signIn(other.email);
    const mine = await signIn(email);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${theirs.split('.')[0]}`, headers: bearer(mine) });
    expect(response.statusCode).toBe(404);
    expect((await me(t.app, theirs)).statusCode).toBe(200);
  });

  it('signs out everywhere else, keeping the current session', async () => {
    const a = await signIn(email);
    const b = await signIn(email);
    const current = await signIn(email);
    const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: bearer(current) });
    expect(response.statusCode).toBe(204);
    expect((await me(t.app, a)).statusCode).toBe(401);
    expect((await me(t.app, b)).statusCode).toBe(401);
    expect((await me(t.app, current)).statusCode).toBe(200);
  });
});

describe('malformed and misplaced tokens', () => {
  let valid: string;
  beforeAll(async () => {
    const { email } = await createUser(t.app, { password: PASSWORD });
    valid = await signIn(email);
  });

  const expectUnauthenticated = async (headers: Record<string, string>, url = '/api/auth/me') => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe(UNAUTHENTICATED);
  };

  it.each([
    ['empty', ''],
    ['a dot', '.'],
    ['an id and a dot', '1.'],
    ['letters', 'x.y'],
    ['no dot', '12345'],
    ['a negative id', '-1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a huge id', '99999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['10,000 characters', 'a'.repeat(10_000)],
    ['10,000 characters after a valid id', `1.${'a'.repeat(10_000)}`],
  ])('refuses %s', async (_name, token) => {
    await expectUnauthenticated({ authorization: `Bearer ${token}` });
  });

  it('refuses a valid id with a wrong secret', async () => {
    const [id, secret] = valid.split('.');
    const flipped = `${id}.${secret!.slice(0, -1)}${secret!.endsWith('A') ? 'B' : 'A'}`;
    await expectUnauthenticated(bearer(flipped));
  });

  it('refuses the token without the Bearer scheme, or under another scheme', async () => {
    await expectUnauthenticated({ authorization: valid });
    await expectUnauthenticated({ authorization: `Basic ${valid}` });
    await expectUnauthenticated({ authorization: 'Bearer' });
    await expectUnauthenticated({ authorization: `Bearer${valid}` });
  });

  it('refuses a token in the query string or in a cookie', async () => {
    await expectUnauthenticated({}, `/api/auth/me?token=${encodeURIComponent(valid)}`);
    await expectUnauthenticated({}, `/api/auth/me?access_token=${encodeURIComponent(valid)}`);
    await expectUnauthenticated({ cookie: `cc_portal_token=${valid}; token=${valid}` });
  });

  it('accepts the same token in the Authorization header (the control)', async () => {
    expect((await me(t.app, valid)).statusCode).toBe(200);
  });
});
