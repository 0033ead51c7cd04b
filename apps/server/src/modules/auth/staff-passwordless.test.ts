import { AUTH_MESSAGES, STAFF_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp, useFrozenClock } from '../../../test/suite';
import { loadSecret, OPERATOR_SECRET_FILE } from '../../lib/secret-file';
import { operatorToken } from '../../lib/tokens';

/** Staff passwordless sign-in (docs/staff-console.md): the portal's emailed links, signing in to the console only. */

const clock = useFrozenClock();
const t = useDemoApp({ mail: true });

let address = 0;
/** Each call from its own address, so the per-IP limits stay out of the way unless a test is about them. */
const post = (url: string, payload: object, ip = `198.51.100.${++address}`) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const request = (email: string, ip?: string) => post('/api/staff/auth/passwordless', { email }, ip);
const verify = (token: string) => post('/api/staff/auth/passwordless/verify', { token });

async function newCompany(name: string, ownerEmail: string) {
  const operator = bearer(operatorToken(await loadSecret({ dataDir: t.dataDir, name: OPERATOR_SECRET_FILE })));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/operator/companies',
    headers: operator,
    payload: { name, owner_email: ownerEmail, owner_name: 'Lina Link' },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function linkSentTo(email: string, after: number) {
  const mail = await t.smtp.waitFor((message) => message.to.includes(email) && t.smtp.messages.indexOf(message) >= after);
  const link = /(https?:\/\/\S+\/staff\/passwordless\?\S+)/.exec(mail.text ?? '')![1]!;
  return { mail, token: new URL(link).searchParams.get('token')! };
}

describe('staff passwordless sign-in', () => {
  it('emails a link in the company’s name that signs the member in to the console, once', async () => {
    const created = await newCompany('Link Builders', 'lina@link.example');
    const before = t.smtp.messages.length;
    const asked = await request('Lina@Link.example');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: STAFF_MESSAGES.passwordlessSent });
    const { mail, token } = await linkSentTo('lina@link.example', before);
    expect(mail.subject).toBe('Sign in to the staff console – Link Builders');
    expect(mail.text).toContain('Hello Lina,');
    expect(mail.text).not.toMatch(/code/i);

    const signedIn = await verify(token);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().staff).toMatchObject({ id: created.owner.id, email: 'lina@link.example', company: { name: 'Link Builders' } });
    const session = signedIn.json().token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/auth/me', headers: bearer(session) })).statusCode).toBe(200);
    // A console session, never the portal's.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode).toBe(401);
    const again = await verify(token);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: [AUTH_MESSAGES.invalidLink] });
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const before = t.smtp.messages.length;
    const unknown = await request('nobody@nowhere.example');
    const known = await request('lina@link.example');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await linkSentTo('lina@link.example', before);
    expect(t.smtp.messages.slice(before).some((message) => message.to.includes('nobody@nowhere.example'))).toBe(false);
  });

  it('a newer link voids the older; a link expires after 15 minutes', async () => {
    const first = t.smtp.messages.length;
    await request('lina@link.example');
    const older = (await linkSentTo('lina@link.example', first)).token;
    const second = t.smtp.messages.length;
    await request('lina@link.example');
    const newer = (await linkSentTo('lina@link.example', second)).token;
    expect((await verify(older)).statusCode).toBe(422);
    clock.advance(15 * 60_000 + 1000);
    expect((await verify(newer)).statusCode).toBe(422);
  });

  it("keeps the two sides' links apart: a portal link never signs in to the console, nor a console link to the portal", async () => {
    clock.advance(3_600_000);
    const before = t.smtp.messages.length;
    expect((await post('/api/auth/passwordless', { email: t.ids.casey.email })).statusCode).toBe(202);
    const portalMail = await t.smtp.waitFor((message) => message.to.includes(t.ids.casey.email) && t.smtp.messages.indexOf(message) >= before);
    const portalToken = new URL(/(https?:\/\/\S+\/auth\/passwordless\/login\?\S+)/.exec(portalMail.text ?? '')![1]!).searchParams.get('token')!;
    expect((await verify(portalToken)).statusCode).toBe(422);

    const staffBefore = t.smtp.messages.length;
    await request('lina@link.example');
    const staffToken = (await linkSentTo('lina@link.example', staffBefore)).token;
    expect((await post('/api/auth/passwordless/verify', { token: staffToken })).statusCode).toBe(422);
    // Both links still work on their own side.
    expect((await post('/api/auth/passwordless/verify', { token: portalToken })).statusCode).toBe(200);
    expect((await verify(staffToken)).statusCode).toBe(200);
  });

  it('keeps the portal’s limits: 5 an hour per address, then 429', async () => {
    clock.advance(3_600_000);
    for (let attempt = 0; attempt < 5; attempt++) expect((await request('limit@link.example')).statusCode).toBe(202);
    const refused = await request('limit@link.example');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Counted apart from the portal's budget for the same address.
    expect((await post('/api/auth/passwordless', { email: 'limit@link.example' })).statusCode).toBe(202);
  });
});
