import { ACCOUNT_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp, useFrozenClock } from '../../../test/suite';
import { loadSecret, OPERATOR_SECRET_FILE } from '../../lib/secret-file';
import { operatorToken } from '../../lib/tokens';
import { apiKeysRepository } from '../integration/api-keys.repository';
import { nextIp } from '../../../test/sign-in';

/** The staff console's sign-in (docs/staff-console.md): invitation, password, sessions of their own. */

const clock = useFrozenClock();
const t = useDemoApp({ mail: true });

async function newCompany(name: string, ownerEmail: string) {
  const operator = bearer(operatorToken(await loadSecret({ dataDir: t.dataDir, name: OPERATOR_SECRET_FILE })));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/operator/companies',
    headers: operator,
    payload: { name, owner_email: ownerEmail, owner_name: 'Olive Owner' },
  });
  expect(response.statusCode).toBe(201);
  const created = response.json();
  return { ...created, token: new URL(created.owner.invitation_url).searchParams.get('token')! };
}

const accept = (token: string, password = 'a-long-password-1') =>
  t.app.inject({ method: 'POST', url: '/api/staff/auth/invitation', payload: { token, password } });
const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/staff/auth/me', headers: bearer(token) });

describe('staff sign-in', () => {
  it("the owner's invitation link sets a password and signs in, once", async () => {
    const created = await newCompany('Olive Builders', 'olive@olive.example');
    const accepted = await accept(created.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().staff).toEqual({
      id: created.owner.id,
      name: 'Olive Owner',
      email: 'olive@olive.example',
      role: 'owner',
      company: { id: created.company.id, name: 'Olive Builders', logo_url: null, color: null },
    });
    expect((await me(accepted.json().token)).json().company.name).toBe('Olive Builders');
    const again = await accept(created.token, 'another-long-password');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: ['This invitation link is not valid any more. Ask an owner of your company for a new one.'] });
    expect((await signIn('Olive@Olive.example', 'a-long-password-1')).statusCode).toBe(200);
    expect((await signIn('olive@olive.example', 'another-long-password')).statusCode).toBe(422);
  });

  it('refuses a link older than 7 days, a made-up one, a short password and a common one', async () => {
    const created = await newCompany('Late Builders', 'late@late.example');
    expect((await accept(created.token, 'short')).statusCode).toBe(422);
    expect((await accept(created.token, 'password')).json().errors).toEqual({ password: [ACCOUNT_MESSAGES.commonPassword] });
    expect((await accept('12.' + 'a'.repeat(43))).statusCode).toBe(422);
    clock.advance(7 * 86_400_000 + 1000);
    expect((await accept(created.token)).statusCode).toBe(422);
  });

  it("never locks out a staff member's own device with someone else's wrong passwords, and a customer's device token is none of theirs", async () => {
    const created = await newCompany('Device Builders', 'dev@device.example');
    const accepted = await accept(created.token);
    const deviceToken = accepted.json().device_token as string;
    expect(deviceToken).toMatch(/^[\w-]{43}\.[0-9a-f]{64}$/);
    const attempt = (password: string, device?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staff/auth/login',
        payload: { email: 'dev@device.example', password, ...(device ? { device_token: device } : {}) },
        remoteAddress: nextIp(),
      });
    for (let i = 0; i < 20; i++) expect((await attempt('not-the-password')).statusCode).toBe(422);
    expect((await attempt('a-long-password-1')).statusCode).toBe(429);
    expect((await attempt('a-long-password-1', deviceToken)).statusCode).toBe(200);
    // The same address's portal device token is not a staff device.
    const customerToken = t.app.deviceTokens.issue('portal:dev@device.example');
    expect((await attempt('a-long-password-1', customerToken)).statusCode).toBe(429);
    clock.advance(3_600_000);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const unknown = await signIn('nobody@nowhere.example', 'a-long-password-1');
    const wrong = await signIn('olive@olive.example', 'not-the-password');
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('keeps the two sides apart: a staff token opens no portal route, a portal token or an API key no staff route', async () => {
    const staffToken = (await signIn('olive@olive.example', 'a-long-password-1')).json().token as string;
    for (const url of ['/api/auth/me', '/api/entities', `/api/notes?entity=${t.ids.caseyEntities[0]!.id}`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(staffToken) })).statusCode, url).toBe(401);
    }
    expect((await me(t.casey)).statusCode).toBe(401);
    const key = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'crm')).key;
    expect((await me(key)).statusCode).toBe(401);
    expect((await me('')).statusCode).toBe(401);
  });

  it('signs out on one device, and everywhere', async () => {
    const first = (await signIn('olive@olive.example', 'a-long-password-1')).json().token as string;
    const second = (await signIn('olive@olive.example', 'a-long-password-1')).json().token as string;
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/auth/logout', headers: bearer(first) })).statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    const third = (await signIn('olive@olive.example', 'a-long-password-1')).json().token as string;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/staff/auth/sessions', headers: bearer(third) })).statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(third)).statusCode).toBe(401);
  });

  it('ends a deactivated member’s sessions at once', async () => {
    const created = await newCompany('Gone Builders', 'gone@gone.example');
    const token = (await accept(created.token)).json().token as string;
    const helper = await t.app.inject({
      method: 'POST',
      url: '/api/integration/staff',
      headers: bearer(created.api_key.key),
      payload: { name: 'Second Owner', email: 'second@gone.example', role: 'owner' },
    });
    expect(helper.statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/integration/staff/${created.owner.id}/deactivate`, headers: bearer(created.api_key.key) })).statusCode,
    ).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await signIn('gone@gone.example', 'a-long-password-1')).statusCode).toBe(422);
  });

  it("works the company side's routes with the scopes of the member's role: owners everything, staff the daily work", async () => {
    clock.advance(61_000); // past the 10 sign-ins a minute this file's tests have made from one address
    const owner = (await signIn('olive@olive.example', 'a-long-password-1')).json().token as string;
    const company = await t.app.inject({ method: 'GET', url: '/api/integration/company', headers: bearer(owner) });
    expect(company.statusCode).toBe(200);
    expect(company.json().name).toBe('Olive Builders');
    // The owner adds a member of staff and invites them through the same API; the member follows the emailed link.
    const key = (await apiKeysRepository(t.app.database.db).create(company.json().id, 'crm')).key;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/integration/staff',
      headers: bearer(owner),
      payload: { name: 'Sam Staff', email: 'sam@olive.example' },
    });
    expect(added.statusCode).toBe(201);
    const before = t.smtp.messages.length;
    const first = await t.app.inject({ method: 'POST', url: `/api/integration/staff/${added.json().id}/invite`, headers: bearer(owner) });
    expect(first.statusCode).toBe(200);
    const firstMail = await t.smtp.waitFor((message) => message.to.includes('sam@olive.example') && t.smtp.messages.indexOf(message) >= before);
    const linkIn = (mail: { text: string | null }) => new URL(/(https?:\/\/\S+\/staff\/invitation\?\S+)/.exec(mail.text ?? '')![1]!).searchParams.get('token')!;
    const firstToken = linkIn(firstMail);
    // Sending it again ends the first link.
    const again = t.smtp.messages.length;
    expect((await t.app.inject({ method: 'POST', url: `/api/integration/staff/${added.json().id}/invite`, headers: bearer(owner) })).statusCode).toBe(200);
    const secondMail = await t.smtp.waitFor((message) => message.to.includes('sam@olive.example') && t.smtp.messages.indexOf(message) >= again);
    expect(secondMail.subject).toBe('Join the staff console of Olive Builders');
    expect((await accept(firstToken)).statusCode).toBe(422);
    const accepted = await accept(linkIn(secondMail));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sam = accepted.json().token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/integration/projects', headers: bearer(sam) })).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['PATCH', '/api/integration/company', { name: 'Sam Builders' }],
      ['GET', '/api/integration/webhooks', undefined],
      ['GET', '/api/integration/api-keys', undefined],
      ['POST', '/api/integration/staff', { name: 'Another' }],
    ] as const) {
      const refused = await t.app.inject({ method, url, headers: bearer(sam), ...(payload ? { payload } : {}) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('Only an owner of the company may do this.');
    }
    // The key of the same company still works as before; a portal session does not open these routes.
    expect((await t.app.inject({ method: 'GET', url: '/api/integration/company', headers: bearer(key) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/integration/company', headers: bearer(t.casey) })).statusCode).toBe(401);
  });
});

describe("a staff invitation's brand", () => {
  const brand = (token: string) => t.app.inject({ method: 'GET', url: `/api/staff/auth/invitation/brand?token=${encodeURIComponent(token)}` });

  it("answers the company's name, colour and logo while the link could be accepted, spending nothing, and one 404 for any other link", async () => {
    clock.advance(61_000); // past the sign-ins a minute the tests above made from one address
    const created = await newCompany('Brand Builders', 'brand@brand.example');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/integration/company',
      headers: bearer(created.api_key.key),
      payload: { color: '#0f766e' },
    });
    expect(patched.statusCode).toBe(200);
    const looked = await brand(created.token);
    expect(looked.statusCode).toBe(200);
    expect(looked.json()).toEqual({ name: 'Brand Builders', color: '#0f766e', logo_url: null });
    // Looking twice spends nothing: the link still signs in.
    expect((await brand(created.token)).statusCode).toBe(200);

    const [id] = created.token.split('.');
    const unknown = await brand(`999999.${'a'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    for (const other of [`${id}.${'a'.repeat(43)}`, 'not-a-token']) {
      const answer = await brand(other);
      expect(answer.statusCode, other).toBe(404);
      expect(answer.json(), other).toEqual(unknown.json());
    }
    expect((await accept(created.token)).statusCode).toBe(200);
    expect((await brand(created.token)).json()).toEqual(unknown.json());
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/auth/invitation/brand' })).statusCode).toBe(400);

    const late = await newCompany('Late Brand Builders', 'late@brand.example');
    clock.advance(7 * 86_400_000 + 1000);
    expect((await brand(late.token)).statusCode).toBe(404);
  });
});
