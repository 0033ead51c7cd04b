import { AUTH_MESSAGES, ERROR_MESSAGES } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { useFrozenClock, useTestApp } from '../../../test/suite';
import { passwords } from './password';
import { createUser, HOUR, MINUTE, nextIp, postJson } from '../../../test/sign-in';

const PASSWORD = 'correct horse battery';

const clock = useFrozenClock();
const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
  // Past every window of the test before.
  clock.advance(2 * HOUR);
});

const login = (email: string, password: string, ip: string, headers?: Record<string, string>) =>
  postJson(t.app, '/api/auth/login', { email, password }, { ip, ...(headers ? { headers } : {}) });

const TOO_MANY = JSON.stringify({ message: ERROR_MESSAGES.tooManyAttempts });

describe('password sign-in', () => {
  it('answers an unknown email and a wrong password alike, with the same hashing work', async () => {
    const { email } = await createUser(t.app, { password: PASSWORD });
    const verify = vi.spyOn(passwords, 'verify');
    const hash = vi.spyOn(passwords, 'hash');

    const wrongPassword = await login(email, 'not the password', nextIp());
    const wrongCalls = verify.mock.calls.length;
    const unknownEmail = await login('nobody-here@example.com', 'not the password', nextIp());
    const unknownCalls = verify.mock.calls.length - wrongCalls;

    expect(wrongPassword.statusCode).toBe(422);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(unknownEmail.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials, errors: { email: [AUTH_MESSAGES.invalidCredentials] } });
    expect(wrongCalls).toBe(1);
    expect(unknownCalls).toBe(1);
    // The stand-in hash for unknown addresses is made at start, not on the first unknown email.
    expect(hash).not.toHaveBeenCalled();
  });

  it('answers the same for a passwordless-only account (no password set)', async () => {
    const { email } = await createUser(t.app);
    const verify = vi.spyOn(passwords, 'verify');
    const response = await login(email, 'whatever password', nextIp());
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('lower-cases and trims the address', async () => {
    const { email } = await createUser(t.app, { password: PASSWORD });
    const response = await login(`  ${email.toUpperCase()} `, PASSWORD, nextIp());
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(email);
  });

  it('refuses a password outside 8 to 256 characters before hashing anything', async () => {
    const verify = vi.spyOn(passwords, 'verify');
    expect((await login('a@example.com', 'short', nextIp())).statusCode).toBe(422);
    expect((await login('a@example.com', 'x'.repeat(257), nextIp())).statusCode).toBe(422);
    expect(verify).not.toHaveBeenCalled();
  });
});

describe('sign-in rate limits', () => {
  it('allows 10 sign-ins a minute per IP, then 429 with Retry-After, and recovers after the minute', async () => {
    const ip = nextIp();
    const { email } = await createUser(t.app, { password: PASSWORD });
    for (let i = 0; i < 10; i++) {
      // Ten addresses, so the per-account limit is not what stops it.
      expect((await login(`someone-${i}@example.com`, 'wrong password', ip)).statusCode).toBe(422);
    }
    const refused = await login(email, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Another IP is not affected.
    expect((await login(email, PASSWORD, nextIp())).statusCode).toBe(200);

    clock.advance(MINUTE);
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('does no hashing for a refused attempt', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) await login(`hash-${i}@example.com`, 'wrong password', ip);
    const verify = vi.spyOn(passwords, 'verify');
    expect((await login('hash-x@example.com', 'wrong password', ip)).statusCode).toBe(429);
    expect(verify).not.toHaveBeenCalled();
  });

  it('keys on the connection, not on a spoofed X-Forwarded-For (TRUST_PROXY is off)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      await login(`xff-${i}@example.com`, 'wrong password', ip, { 'x-forwarded-for': `198.51.100.${i + 1}` });
    }
    const refused = await login('xff-last@example.com', 'wrong password', ip, { 'x-forwarded-for': '198.51.100.99' });
    expect(refused.statusCode).toBe(429);
  });

  it('behind one proxy (TRUST_PROXY=true), keys on the address the proxy saw, not on what the client wrote before it', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const client = nextIp();
      const attempt = (spoofed: string) =>
        postJson(
          proxied.app,
          '/api/auth/login',
          { email: `proxied-${spoofed}@example.com`, password: 'wrong password' },
          {
            ip: '127.0.0.1',
            headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
          },
        );
      for (let i = 0; i < 10; i++) expect((await attempt(`6.6.6.${i + 1}`)).statusCode).toBe(422);
      expect((await attempt('6.6.6.99')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('allows 20 sign-ins an hour per account from any number of IPs, then 429, and recovers after the hour', async () => {
    const { email } = await createUser(t.app, { password: PASSWORD });
    for (let i = 0; i < 20; i++) {
      expect((await login(email, 'wrong password', nextIp())).statusCode).toBe(422);
    }
    // Even the right password waits: the limit is on attempts, not on failures.
    const refused = await login(email, PASSWORD, nextIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toBe(TOO_MANY);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);

    // An unknown address has its own count and is refused the same way: a 429 tells nothing about accounts.
    for (let i = 0; i < 20; i++) await login('ghost@example.com', 'wrong password', nextIp());
    const ghost = await login('ghost@example.com', 'wrong password', nextIp());
    expect(ghost.statusCode).toBe(429);
    expect(ghost.body).toBe(refused.body);

    clock.advance(HOUR);
    expect((await login(email, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it("never locks out a device that signed in before: it counts against its own budget, not the address's", async () => {
    const { email } = await createUser(t.app, { password: PASSWORD });
    const first = await login(email, PASSWORD, nextIp());
    expect(first.statusCode).toBe(200);
    const deviceToken = first.json().device_token as string;
    expect(deviceToken).toMatch(/^[\w-]{43}\.[0-9a-f]{64}$/);
    const withDevice = (password: string, token = deviceToken) =>
      postJson(t.app, '/api/auth/login', { email, password, device_token: token }, { ip: nextIp() });

    // Someone else's wrong passwords, from as many addresses, spend the address's 20 (the first sign-in took one):
    // unknown devices are refused, even with the password.
    for (let i = 0; i < 19; i++) expect((await login(email, 'wrong password', nextIp())).statusCode).toBe(422);
    expect((await login(email, PASSWORD, nextIp())).statusCode).toBe(429);
    const again = await withDevice(PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().device_token).not.toBe(deviceToken);

    // A forged token, or one issued for another address or for a staff member, is no device at all.
    const other = await createUser(t.app, { password: PASSWORD });
    const othersToken = (await login(other.email, PASSWORD, nextIp())).json().device_token as string;
    const forged = `${deviceToken.slice(0, 44)}${'0'.repeat(64)}`;
    for (const token of [forged, othersToken, 'x'.repeat(300).slice(0, 200)]) expect((await withDevice(PASSWORD, token)).statusCode).toBe(429);

    // The device's own budget is the same size, and its wrong passwords lock only itself.
    for (let i = 0; i < 19; i++) expect((await withDevice('wrong password')).statusCode).toBe(422);
    expect((await withDevice(PASSWORD)).statusCode).toBe(429);
  });

  it('counts the account by its normalised address', async () => {
    const { email } = await createUser(t.app, { password: PASSWORD });
    for (let i = 0; i < 20; i++) {
      await login(i % 2 ? email.toUpperCase() : ` ${email}`, 'wrong password', nextIp());
    }
    expect((await login(email, PASSWORD, nextIp())).statusCode).toBe(429);
  });
});
