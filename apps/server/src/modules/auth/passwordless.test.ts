import { AUTH_MESSAGES, ERROR_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useFrozenClock, useTestApp } from '../../../test/suite';
import { loginTokens } from '../../db/schema';
import type { ReceivedMail } from '../../../test/smtp-server';
import { createUser, HOUR, me, MINUTE, nextIp, postJson } from '../../../test/sign-in';

const clock = useFrozenClock();
const t = useTestApp({ seed: true, mail: true });

afterEach(() => {
  clock.advance(2 * HOUR);
});

const requestEmail = (body: Record<string, unknown>, ip = nextIp(), headers?: Record<string, string>) =>
  postJson(t.app, '/api/auth/passwordless', body, { ip, ...(headers ? { headers } : {}) });
const verify = (body: Record<string, unknown>, ip = nextIp()) => postJson(t.app, '/api/auth/passwordless/verify', body, { ip });

/** Asks for a sign-in email and reads it off the SMTP server: the link, its token and the code. */
async function signInEmail(email: string, extra: Record<string, unknown> = {}) {
  const before = t.smtp.messages.length;
  const response = await requestEmail({ email, ...extra });
  expect(response.statusCode).toBe(202);
  const mail = await t.smtp.waitFor((message) => message.to.includes(email) && t.smtp.messages.indexOf(message) >= before);
  return { mail, ...readMail(mail) };
}

function readMail(mail: ReceivedMail) {
  const link = /(https?:\/\/\S+\/auth\/passwordless\/login\?\S+)/.exec(mail.text ?? '')?.[1];
  const code = /code on the sign-in page: (\d{6})/.exec(mail.text ?? '')?.[1];
  if (!link || !code) throw new Error(`no link or code in:\n${mail.text}`);
  const token = new URL(link).searchParams.get('token')!;
  return { link, code, token };
}

describe('asking for a sign-in email', () => {
  it('sends the link (built from PUBLIC_URL, not the Host header) and the 6-digit code, in HTML and text', async () => {
    const user = await createUser(t.app, { firstName: 'Robin' });
    const response = await requestEmail({ email: user.email }, nextIp(), {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.passwordlessSent });

    const mail = await t.smtp.waitFor((message) => message.to.includes(user.email));
    const { link, code, token } = readMail(mail);
    expect(mail.to).toEqual([user.email]);
    expect(mail.headers.from).toBe('Project portal <no-reply@localhost>');
    expect(mail.subject).toBe('Sign in to Project portal');
    expect(link.startsWith('http://portal.test/auth/passwordless/login?token=')).toBe(true);
    expect(new URL(link).searchParams.get('email')).toBe(user.email);
    expect(new URL(link).searchParams.has('theme')).toBe(false);
    expect(mail.raw).not.toContain('evil.example');
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(code).toMatch(/^\d{6}$/);

    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.text).toContain('Hello Robin,');
    expect(mail.text).toContain('expire in 15 minutes');
    expect(mail.html).toContain('<!doctype html>');
    // In HTML the link's & is escaped, as it must be inside an attribute.
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(mail.html).toContain(`>${code}</p>`);
  });

  it("carries the company's name when a known theme code is given, and passes the theme on in the link", async () => {
    const user = await createUser(t.app);
    const { mail, link } = await signInEmail(user.email, { theme: 'acme' });
    expect(mail.subject).toBe('Sign in to Project portal – Acme Builders');
    expect(mail.text).toContain('Acme Builders Project portal');
    expect(mail.html).toContain('Acme Builders');
    expect(new URL(link).searchParams.get('theme')).toBe('acme');
  });

  it('stays generic for an unknown theme code', async () => {
    const user = await createUser(t.app);
    const { mail, link } = await signInEmail(user.email, { theme: 'no-such-theme' });
    expect(mail.subject).toBe('Sign in to Project portal');
    expect(mail.text).not.toContain('Acme');
    expect(new URL(link).searchParams.has('theme')).toBe(false);
  });

  it('answers an unknown address exactly like a known one, writes a token for it too, and sends nothing', async () => {
    const user = await createUser(t.app);
    const known = await requestEmail({ email: user.email });
    const unknown = await requestEmail({ email: 'nobody-at-all@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);

    await t.smtp.waitFor((message) => message.to.includes(user.email));
    await t.app.mailer.idle();
    expect(t.smtp.messages.some((message) => message.to.includes('nobody-at-all@example.com'))).toBe(false);
    const rows = await t.database.db.select().from(loginTokens).where(eq(loginTokens.email, 'nobody-at-all@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.portal_user_id).toBeNull();
  });

  it('keeps only hashes in the database', async () => {
    const user = await createUser(t.app);
    const { token, code } = await signInEmail(user.email);
    const [row] = await t.database.db
      .select()
      .from(loginTokens)
      .where(eq(loginTokens.id, Number(token.split('.')[0])));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(token.split('.')[1]);
    expect(stored).not.toContain(code);
    expect(row!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a malformed address with 422', async () => {
    const response = await requestEmail({ email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toBeDefined();
  });
});

describe('signing in by link or code', () => {
  it('signs in by the link once; the same link again is refused', async () => {
    const user = await createUser(t.app);
    const { token } = await signInEmail(user.email);
    const first = await verify({ token });
    expect(first.statusCode).toBe(200);
    const body = first.json<{ token: string; user: { id: number; email: string } }>();
    expect(body.user).toEqual({ id: user.id, email: user.email, first_name: 'Pat', last_name: 'Tester' });
    expect((await me(t.app, body.token)).statusCode).toBe(200);

    const again = await verify({ token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.invalidLink, errors: { token: [AUTH_MESSAGES.invalidLink] } });
    // The code of a used link is spent too.
    expect((await verify({ email: user.email, code: readMail(await t.smtp.waitFor((m) => m.to.includes(user.email))).code })).statusCode).toBe(422);
  });

  it('signs in by the code once, on any device', async () => {
    const user = await createUser(t.app);
    const { code, token } = await signInEmail(user.email);
    const first = await verify({ email: user.email.toUpperCase(), code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.id).toBe(user.id);
    const again = await verify({ email: user.email, code });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.invalidCode, errors: { code: [AUTH_MESSAGES.invalidCode] } });
    expect((await verify({ token })).statusCode).toBe(422);
  });

  it('lets exactly one of two concurrent verifications of a link through', async () => {
    const user = await createUser(t.app);
    const { token } = await signInEmail(user.email);
    const responses = await Promise.all([verify({ token }), verify({ token })]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  it('lets exactly one of two concurrent verifications of a code through', async () => {
    const user = await createUser(t.app);
    const { code } = await signInEmail(user.email);
    const responses = await Promise.all([verify({ email: user.email, code }), verify({ email: user.email, code })]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  it('lets exactly one of a link and its code, sent at once, through', async () => {
    const user = await createUser(t.app);
    const { code, token } = await signInEmail(user.email);
    const responses = await Promise.all([verify({ token }), verify({ email: user.email, code })]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
  });

  it('accepts the link until 15 minutes have passed, and not after', async () => {
    const user = await createUser(t.app);
    const early = await signInEmail(user.email);
    clock.advance(15 * MINUTE - 1_000);
    expect((await verify({ token: early.token })).statusCode).toBe(200);

    const late = await signInEmail(user.email);
    clock.advance(15 * MINUTE);
    const response = await verify({ token: late.token });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(AUTH_MESSAGES.invalidLink);
    expect((await verify({ email: user.email, code: late.code })).statusCode).toBe(422);
  });

  it('voids the older link and code when a new one is asked for', async () => {
    const user = await createUser(t.app);
    const older = await signInEmail(user.email);
    const newer = await signInEmail(user.email);
    expect((await verify({ token: older.token })).statusCode).toBe(422);
    if (older.code !== newer.code) expect((await verify({ email: user.email, code: older.code })).statusCode).toBe(422);
    expect((await verify({ token: newer.token })).statusCode).toBe(200);
  });

  it('voids the token after 5 wrong codes, even for the right code and the link afterwards', async () => {
    const user = await createUser(t.app);
    const { code, token } = await signInEmail(user.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const response = await verify({ email: user.email, code: wrong });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(AUTH_MESSAGES.invalidCode);
    }
    expect((await verify({ email: user.email, code })).statusCode).toBe(422);
    expect((await verify({ token })).statusCode).toBe(422);
  });

  it('still accepts the right code after 4 wrong ones', async () => {
    const user = await createUser(t.app);
    const { code } = await signInEmail(user.email);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) expect((await verify({ email: user.email, code: wrong })).statusCode).toBe(422);
    expect((await verify({ email: user.email, code })).statusCode).toBe(200);
  });

  it('checks only 5 of a burst of parallel guesses', async () => {
    const user = await createUser(t.app);
    const { code } = await signInEmail(user.email);
    const guesses = Array.from({ length: 8 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const responses = await Promise.all(guesses.map((guess) => verify({ email: user.email, code: guess })));
    expect(responses.every((response) => response.statusCode === 422)).toBe(true);
    const [row] = await t.database.db.select().from(loginTokens).where(eq(loginTokens.portal_user_id, user.id));
    expect(row!.attempts).toBe(5);
    expect((await verify({ email: user.email, code })).statusCode).toBe(422);
  });

  it('answers a code for an address without an account like a wrong code', async () => {
    await requestEmail({ email: 'nobody-else@example.com' });
    const response = await verify({ email: 'nobody-else@example.com', code: '123456' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(AUTH_MESSAGES.invalidCode);
  });

  it.each([
    ['empty', ''],
    ['a dot', '.'],
    ['an id and a dot', '1.'],
    ['letters', 'x.y'],
    ['an unknown id', '999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('refuses a malformed link token (%s) with 422', async (_name, token) => {
    const response = await verify({ token });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(AUTH_MESSAGES.invalidLink);
  });

  it('refuses a 10,000-character link token with 422', async () => {
    const response = await verify({ token: 'a'.repeat(10_000) });
    expect(response.statusCode).toBe(422);
  });

  it('refuses a link token with the right id and a wrong secret, without costing the code a try', async () => {
    const user = await createUser(t.app);
    const { token, code } = await signInEmail(user.email);
    const [id] = token.split('.');
    for (let i = 0; i < 6; i++) {
      expect((await verify({ token: `${id}.${'B'.repeat(43)}` })).statusCode).toBe(422);
    }
    expect((await verify({ email: user.email, code })).statusCode).toBe(200);
  });

  it('asks for the email and the code when there is no token', async () => {
    const response = await verify({});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: ERROR_MESSAGES.invalid, errors: { email: [expect.any(String)], code: [expect.any(String)] } });
    const badCode = await verify({ email: 'a@example.com', code: '12345' });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().errors.code).toEqual(['The code must be 6 digits.']);
  });

  it('is not reachable by GET: a link opened by a mail scanner consumes nothing', async () => {
    const user = await createUser(t.app);
    const { token } = await signInEmail(user.email);
    const get = await t.app.inject({ method: 'GET', url: `/api/auth/passwordless/verify?token=${encodeURIComponent(token)}` });
    expect(get.statusCode).toBe(404);
    expect((await verify({ token })).statusCode).toBe(200);
  });
});

describe('passwordless rate limits', () => {
  it('allows 5 requests an hour per address, then 429 with Retry-After, and recovers after the hour', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 5; i++) expect((await requestEmail({ email: user.email })).statusCode).toBe(202);
    const refused = await requestEmail({ email: user.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: ERROR_MESSAGES.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3_600);

    // Refused for an unknown address in the same way.
    for (let i = 0; i < 5; i++) await requestEmail({ email: 'limited-ghost@example.com' });
    expect((await requestEmail({ email: 'limited-ghost@example.com' })).body).toBe(refused.body);

    clock.advance(HOUR);
    expect((await requestEmail({ email: user.email })).statusCode).toBe(202);
  });

  it('allows 20 requests an hour per IP, then 429, and recovers after the hour', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await requestEmail({ email: `ip-limit-${i}@example.com` }, ip)).statusCode).toBe(202);
    const refused = await requestEmail({ email: 'ip-limit-last@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await requestEmail({ email: 'ip-limit-last@example.com' }, nextIp())).statusCode).toBe(202);
    clock.advance(HOUR);
    expect((await requestEmail({ email: 'ip-limit-again@example.com' }, ip)).statusCode).toBe(202);
  });

  it('counts link and code verifications as sign-ins: 10 a minute per IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await verify({ email: `v-${i}@example.com`, code: '000000' }, ip)).statusCode).toBe(422);
    const refused = await verify({ token: 'x.y' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    clock.advance(MINUTE);
    expect((await verify({ token: 'x.y' }, ip)).statusCode).toBe(422);
  });
});
