import { ACCOUNT_MESSAGES, AUTH_MESSAGES, ERROR_MESSAGES } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp-server';
import { bearer, createUser, freezeClock, HOUR, me, MINUTE, nextIp, postJson } from '../../../test/sign-in';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';

let t: TestApp;
let smtp: TestSmtpServer;
let clock: ReturnType<typeof freezeClock>;

beforeAll(async () => {
  clock = freezeClock();
  smtp = await startTestSmtpServer();
  t = await createTestApp({ seed: true, env: { SMTP_URL: smtp.url } });
  await t.app.ready();
});

afterAll(async () => {
  clock.restore();
  await t?.close();
  await smtp?.close();
});

afterEach(() => {
  clock.advance(2 * HOUR);
});

const login = (email: string, password: string) => postJson(t.app, '/api/auth/login', { email, password }, { ip: nextIp() });

async function signedInUser(options: { firstName?: string } = {}) {
  const user = await createUser(t.app, { password: PASSWORD, ...options });
  const response = await login(user.email, PASSWORD);
  expect(response.statusCode).toBe(200);
  return { ...user, token: (response.json() as { token: string }).token };
}

/** The next message to this address after `before`, and the link in it to `page`. */
async function mailTo(address: string, before: number, page?: string): Promise<{ mail: ReceivedMail; link: string | null; token: string | null }> {
  const mail = await smtp.waitFor((message) => message.to.includes(address) && smtp.messages.indexOf(message) >= before);
  const link = page ? (new RegExp(`(https?://\\S+${page}\\?\\S+)`).exec(mail.text ?? '')?.[1] ?? null) : null;
  return { mail, link, token: link ? new URL(link).searchParams.get('token') : null };
}

const requestReset = (email: string, extra: Record<string, unknown> = {}, ip = nextIp()) =>
  postJson(t.app, '/api/auth/password-reset', { email, ...extra }, { ip });
const confirmReset = (token: string, password: string) => postJson(t.app, '/api/auth/password-reset/confirm', { token, password }, { ip: nextIp() });

async function resetLink(email: string, extra: Record<string, unknown> = {}) {
  const before = smtp.messages.length;
  const response = await requestReset(email, extra);
  expect(response.statusCode).toBe(202);
  const found = await mailTo(email, before, '/reset-password');
  if (!found.token) throw new Error(`no reset link in:\n${found.mail.text}`);
  return { ...found, token: found.token };
}

describe('forgot password', () => {
  it('emails a single-use link to choose a new password, built from PUBLIC_URL and valid 30 minutes', async () => {
    const user = await createUser(t.app, { password: PASSWORD, firstName: 'Robin' });
    const { mail, link } = await resetLink(user.email);
    expect(mail.subject).toBe('Choose a new password for Project portal');
    expect(link).toMatch(/^http:\/\/portal\.test\/reset-password\?token=\d+\.[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain('Hello Robin,');
    expect(mail.text).toContain('expires in 30 minutes');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('carries the company name and theme when a theme code is given', async () => {
    const user = await createUser(t.app, { password: PASSWORD });
    const { mail, link } = await resetLink(user.email, { theme: 'acme' });
    expect(mail.subject).toBe('Choose a new password for Project portal – Acme Builders');
    expect(new URL(link!).searchParams.get('theme')).toBe('acme');
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const user = await createUser(t.app, { password: PASSWORD });
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ message: ACCOUNT_MESSAGES.resetSent });
    await smtp.waitFor((message) => message.to.includes(user.email));
    await t.app.mailer.idle();
    expect(smtp.messages.some((message) => message.to.includes('nobody-here@example.com'))).toBe(false);
  });

  it('sets the new password, signs the user out everywhere, and answers a fresh session', async () => {
    const user = await signedInUser();
    const other = (await login(user.email, PASSWORD).then((response) => response.json())) as { token: string };
    const { token } = await resetLink(user.email);

    const reset = await confirmReset(token, NEW_PASSWORD);
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json() as { token: string; user: { email: string } };
    expect(fresh.user.email).toBe(user.email);

    expect((await me(t.app, user.token)).statusCode).toBe(401);
    expect((await me(t.app, other.token)).statusCode).toBe(401);
    expect((await me(t.app, fresh.token)).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(422);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works once; a newer link voids the older one', async () => {
    const user = await createUser(t.app, { password: PASSWORD });
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    const stale = await confirmReset(first.token, NEW_PASSWORD);
    expect(stale.statusCode).toBe(422);
    expect(stale.json()).toEqual({ message: ACCOUNT_MESSAGES.invalidResetLink, errors: { token: [ACCOUNT_MESSAGES.invalidResetLink] } });

    expect((await confirmReset(second.token, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await confirmReset(second.token, 'yet another passphrase')).statusCode).toBe(422);
  });

  it('expires after 30 minutes', async () => {
    const user = await createUser(t.app, { password: PASSWORD });
    const { token } = await resetLink(user.email);
    clock.advance(30 * MINUTE + 1000);
    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(422);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('keeps reset links and sign-in links apart', async () => {
    const user = await createUser(t.app, { password: PASSWORD });
    const { token } = await resetLink(user.email);
    const asSignIn = await postJson(t.app, '/api/auth/passwordless/verify', { token }, { ip: nextIp() });
    expect(asSignIn.statusCode).toBe(422);
    expect(asSignIn.json()).toMatchObject({ message: AUTH_MESSAGES.invalidLink });
    // Asking for a sign-in link does not void the reset link either.
    expect((await postJson(t.app, '/api/auth/passwordless', { email: user.email }, { ip: nextIp() })).statusCode).toBe(202);
    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('holds the new password to the password rules, and keeps the link usable', async () => {
    const user = await createUser(t.app, { password: PASSWORD });
    const { token } = await resetLink(user.email);
    const short = await confirmReset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ message: ERROR_MESSAGES.invalid, errors: { password: ['The password must be at least 8 characters.'] } });
    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a password from the lists of leaked ones, whatever its case, and keeps the link usable', async () => {
    const user = await createUser(t.app, { password: PASSWORD });
    const { token } = await resetLink(user.email);
    for (const common of ['password', '12345678', 'Password', 'iloveyou1', 'qwertyuiop']) {
      const refused = await confirmReset(token, common);
      expect(refused.statusCode, common).toBe(422);
      expect(refused.json()).toEqual({ message: ERROR_MESSAGES.invalid, errors: { password: [ACCOUNT_MESSAGES.commonPassword] } });
    }
    expect((await confirmReset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('sends at most 5 an hour for one address, then 429 with Retry-After', async () => {
    const email = 'limited-reset@example.com';
    for (let i = 0; i < 5; i++) expect((await requestReset(email)).statusCode).toBe(202);
    const refused = await requestReset(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('account settings', () => {
  const patch = (token: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/account', payload: payload as object, headers: { ...bearer(token), 'content-type': 'application/json' } });
  const changePassword = (token: string, payload: unknown) => postJson(t.app, '/api/account/password', payload, { ip: nextIp(), headers: bearer(token) });
  const changeEmail = (token: string, payload: unknown) => postJson(t.app, '/api/account/email', payload, { ip: nextIp(), headers: bearer(token) });
  const confirmEmail = (token: string) => postJson(t.app, '/api/account/email/confirm', { token }, { ip: nextIp() });

  it('are for signed-in users only', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: '/api/account', payload: { first_name: 'X', last_name: 'Y' } })).statusCode).toBe(401);
    expect((await postJson(t.app, '/api/account/password', { current_password: PASSWORD, password: NEW_PASSWORD })).statusCode).toBe(401);
    expect((await postJson(t.app, '/api/account/email', { current_password: PASSWORD, email: 'x@example.com' })).statusCode).toBe(401);
  });

  it('change the name', async () => {
    const user = await signedInUser();
    const response = await patch(user.token, { first_name: '  Alex ', last_name: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, email: user.email, first_name: 'Alex', last_name: null });
    expect((await me(t.app, user.token)).json()).toMatchObject({ first_name: 'Alex', last_name: null });
    expect((await patch(user.token, { first_name: 'x'.repeat(101), last_name: null })).statusCode).toBe(422);
  });

  it('change the password with the current one, signing out every other session but this one', async () => {
    const user = await signedInUser();
    const other = (await login(user.email, PASSWORD).then((response) => response.json())) as { token: string };

    const wrong = await changePassword(user.token, { current_password: 'not the password', password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MESSAGES.wrongCurrentPassword, errors: { current_password: [ACCOUNT_MESSAGES.wrongCurrentPassword] } });
    expect((await me(t.app, other.token)).statusCode).toBe(200);

    const short = await changePassword(user.token, { current_password: PASSWORD, password: 'short' });
    expect(short.statusCode).toBe(422);
    const common = await changePassword(user.token, { current_password: PASSWORD, password: 'password' });
    expect(common.json().errors).toEqual({ password: [ACCOUNT_MESSAGES.commonPassword] });

    expect((await changePassword(user.token, { current_password: PASSWORD, password: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await me(t.app, user.token)).statusCode).toBe(200);
    expect((await me(t.app, other.token)).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(422);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('tell a user without a password how to get one', async () => {
    const user = await createUser(t.app);
    const session = await t.app.sessions.create(user.id, { now: new Date() });
    const response = await changePassword(session.token, { current_password: 'anything at all', password: NEW_PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: ACCOUNT_MESSAGES.noPasswordYet });
  });

  it('change the email only once the link sent to the NEW address is followed, and tell the old address', async () => {
    const user = await signedInUser({ firstName: 'Sam' });
    const newEmail = `moved-${user.id}@example.com`;
    const before = smtp.messages.length;

    const wrong = await changeEmail(user.token, { email: newEmail, current_password: 'not the password' });
    expect(wrong.statusCode).toBe(422);

    const asked = await changeEmail(user.token, { email: newEmail.toUpperCase(), current_password: PASSWORD });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent });
    const { mail, link, token } = await mailTo(newEmail, before, '/confirm-email');
    expect(mail.to).toEqual([newEmail]);
    expect(mail.subject).toBe('Confirm your new email address for Project portal');
    expect(mail.text).toContain('expires in 24 hours');
    expect(link).toMatch(/^http:\/\/portal\.test\/confirm-email\?token=/);
    // Nothing changes yet.
    expect((await me(t.app, user.token)).json()).toMatchObject({ email: user.email });
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);

    const confirmed = await confirmEmail(token!);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ id: user.id, email: newEmail, first_name: 'Sam', last_name: 'Tester' });
    expect((await me(t.app, user.token)).json()).toMatchObject({ email: newEmail });
    expect((await login(newEmail, PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(422);

    const notice = await mailTo(user.email, before);
    expect(notice.mail.subject).toBe('Your Project portal email address was changed');
    expect(notice.mail.text).toContain(newEmail);

    const again = await confirmEmail(token!);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ message: ACCOUNT_MESSAGES.invalidEmailLink });
  });

  it('keep only the latest email change: a newer request voids the older link', async () => {
    const user = await signedInUser();
    const first = `first-${user.id}@example.com`;
    const second = `second-${user.id}@example.com`;
    const before = smtp.messages.length;
    expect((await changeEmail(user.token, { email: first, current_password: PASSWORD })).statusCode).toBe(202);
    expect((await changeEmail(user.token, { email: second, current_password: PASSWORD })).statusCode).toBe(202);
    const older = await mailTo(first, before, '/confirm-email');
    const newer = await mailTo(second, before, '/confirm-email');
    expect((await confirmEmail(older.token!)).statusCode).toBe(422);
    expect((await confirmEmail(newer.token!)).json()).toMatchObject({ email: second });
  });

  it('expire the email link after 24 hours', async () => {
    const user = await signedInUser();
    const newEmail = `late-${user.id}@example.com`;
    const before = smtp.messages.length;
    expect((await changeEmail(user.token, { email: newEmail, current_password: PASSWORD })).statusCode).toBe(202);
    const { token } = await mailTo(newEmail, before, '/confirm-email');
    clock.advance(24 * HOUR + 1000);
    expect((await confirmEmail(token!)).statusCode).toBe(422);
    expect((await me(t.app, user.token)).json()).toMatchObject({ email: user.email });
  });

  it('answer alike when the new address has an account, telling that account instead of sending a link', async () => {
    const user = await signedInUser();
    const holder = await createUser(t.app, { password: PASSWORD, firstName: 'Holder' });
    const before = smtp.messages.length;
    const response = await changeEmail(user.token, { email: holder.email, current_password: PASSWORD });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent });
    const { mail } = await mailTo(holder.email, before);
    expect(mail.subject).toBe('Your email address and Project portal');
    expect(mail.text).not.toMatch(/confirm-email/);
  });

  it('refuse the address the account already has', async () => {
    const user = await signedInUser();
    const response = await changeEmail(user.token, { email: user.email, current_password: PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { email: [ACCOUNT_MESSAGES.sameEmail] } });
  });

  it('refuse an email link that is not one', async () => {
    expect((await confirmEmail('12.not-a-token')).statusCode).toBe(422);
    expect((await confirmEmail('')).statusCode).toBe(422);
  });
});
