import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { useDemoApp } from '../../../test/suite';
import { portalUsers, projects } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';

/** A company's customers, invitations and sharing (docs/company-api.md, "Customers and sharing"). */

const t = useDemoApp({ mail: true });
let acme: string;
let brightside: string;
let kitchen: number;

beforeAll(async () => {
  const db = t.app.database.db;
  acme = (await apiKeysRepository(db).create(t.ids.acme.id, 'crm')).key;
  brightside = (await apiKeysRepository(db).create(t.ids.brightside.id, 'crm')).key;
  kitchen = (await db.select().from(projects).where(eq(projects.name, 'Kitchen remodel')))[0]!.id;
});

const call = (key: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });

async function invitationToken(email: string, after: number) {
  const mail = await t.smtp.waitFor((message) => message.to.includes(email) && t.smtp.messages.indexOf(message) >= after);
  const link = /(https?:\/\/\S+\/invitation\?\S+)/.exec(mail.text ?? '')![1]!;
  return { mail, token: new URL(link).searchParams.get('token')!, link };
}

describe('customers', () => {
  it('adds a new customer, and links someone another company already serves under its own names, without touching theirs', async () => {
    const created = await call(acme, 'POST', '/api/integration/portal-users', { email: 'Ann@Example.com', first_name: 'Ann', last_name: 'Smith' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: 'ann@example.com', first_name: 'Ann', invited_at: null, last_sign_in_at: null });
    const linked = await call(brightside, 'POST', '/api/integration/portal-users', { email: t.ids.nico.email, first_name: 'Someone', last_name: 'Else' });
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({ id: t.ids.nico.id, first_name: 'Someone', last_name: 'Else', last_sign_in_at: null, activated_at: null });
    // Added again: the company's record as it is, names unchanged (PATCH changes them).
    const again = await call(brightside, 'POST', '/api/integration/portal-users', { email: t.ids.nico.email, first_name: 'Other' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ first_name: 'Someone' });
    // Nico's own name, and Acme's for him, are as they were.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(t.nico) })).json()).toMatchObject({ first_name: 'Nico' });
    expect((await call(acme, 'GET', `/api/integration/portal-users/${t.ids.nico.id}`)).json()).toMatchObject({ first_name: 'Nico', last_name: 'Alvarez' });
    expect((await t.app.database.db.select().from(portalUsers).where(eq(portalUsers.email, t.ids.nico.email))).length).toBe(1);
  });

  it('lists only its own customers and finds one by email; another company’s customer is 404', async () => {
    const list = (await call(brightside, 'GET', '/api/integration/portal-users?sort=email')).json();
    expect(list.data.map((user: { email: string }) => user.email)).toEqual([t.ids.casey.email, t.ids.nico.email].sort());
    const ann = (await call(acme, 'GET', '/api/integration/portal-users?filter[email]=ann@example.com')).json().data[0];
    expect((await call(brightside, 'GET', `/api/integration/portal-users/${ann.id}`)).statusCode).toBe(404);
    expect((await call(brightside, 'POST', `/api/integration/portal-users/${ann.id}/invite`)).statusCode).toBe(404);
    expect((await call(brightside, 'PATCH', `/api/integration/portal-users/${ann.id}`, { first_name: 'N' })).statusCode).toBe(404);
  });
});

/**
 * One person, two companies (docs/decisions/110-what-a-company-knows-of-a-shared-customer.md): Brightside creates,
 * names and invites Pat, who signs in and chooses a password; Acme then adds Pat by email. Acme sees only what it wrote.
 */
describe('a customer another company serves too', () => {
  const pat = { email: 'pat@example.com', id: 0, password: 'a-long-password-2' };
  // Sign-ins from an address of their own, so the other tests' sign-ins keep their share of the per-IP limit.
  const remoteAddress = '192.0.2.110';
  const get = (key: string) => call(key, 'GET', `/api/integration/portal-users/${pat.id}`);
  const signInPat = async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: pat.email, password: pat.password } });
    expect(login.statusCode).toBe(200);
    return login.json().token as string;
  };

  it("shows Acme none of Brightside's names for them, nor their sign-ins elsewhere, nor whether they have a password", async () => {
    const made = await call(brightside, 'POST', '/api/integration/portal-users', { email: pat.email, first_name: 'Patricia', last_name: 'Brightsider' });
    pat.id = made.json().id;
    const before = t.smtp.messages.length;
    expect((await call(brightside, 'POST', `/api/integration/portal-users/${pat.id}/invite`)).statusCode).toBe(200);
    const { token } = await invitationToken(pat.email, before);
    const accepted = await t.app.inject({ method: 'POST', url: '/api/auth/invitation', remoteAddress, payload: { token } });
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      remoteAddress,
      payload: { token: accepted.json().password_token, password: pat.password },
    });
    expect(chosen.statusCode).toBe(200);
    await signInPat();
    expect((await get(brightside)).json()).toMatchObject({ first_name: 'Patricia', last_sign_in_at: expect.any(String), activated_at: expect.any(String) });

    const added = await call(acme, 'POST', '/api/integration/portal-users', { email: 'Pat@Example.com', first_name: 'Pat', last_name: 'Acmeson' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual(
      expect.objectContaining({
        id: pat.id,
        email: pat.email,
        first_name: 'Pat',
        last_name: 'Acmeson',
        invited_at: null,
        last_sign_in_at: null,
        activated_at: null,
      }),
    );
    const answers = [added, await get(acme), await call(acme, 'GET', `/api/integration/portal-users?filter[email]=${pat.email}`)].map((answer) => answer.body);
    for (const answer of answers) expect(answer).not.toMatch(/Patricia|Brightsider|has_password/);

    // Pat signs in again, to a portal where Acme shares nothing yet: not Acme's to know.
    await signInPat();
    expect((await get(acme)).json()).toMatchObject({ last_sign_in_at: null, activated_at: null });
  });

  it('renaming them changes only the renaming company’s names (200, never 409)', async () => {
    const renamed = await call(acme, 'PATCH', `/api/integration/portal-users/${pat.id}`, { first_name: 'Patty' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ first_name: 'Patty', last_name: 'Acmeson' });
    expect((await get(brightside)).json()).toMatchObject({ first_name: 'Patricia', last_name: 'Brightsider' });
    // The portal shows the person their own name, which only they change.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(await signInPat()) });
    expect(me.json()).toMatchObject({ first_name: 'Patricia', last_name: 'Brightsider' });
  });

  it("once Acme shares a project, their sign-ins are Acme's to know, and its staff read them by Acme's names", async () => {
    const share = await call(acme, 'POST', `/api/integration/projects/${kitchen}/shares`, { portal_user_id: pat.id });
    expect(share.json().portal_user).toEqual({ id: pat.id, email: pat.email, first_name: 'Patty', last_name: 'Acmeson' });
    const session = await signInPat();
    expect((await get(acme)).json()).toMatchObject({ last_sign_in_at: expect.any(String), activated_at: expect.any(String) });
    const shares = await call(acme, 'GET', `/api/integration/projects/${kitchen}/shares`);
    expect(shares.json().data.find((row: { portal_user: { id: number } }) => row.portal_user.id === pat.id)).toMatchObject({
      portal_user: { first_name: 'Patty' },
      last_sign_in_at: expect.any(String),
    });
    expect(shares.body).not.toMatch(/Patricia|Brightsider/);

    const note = await t.app.inject({
      method: 'POST',
      url: `/api/notes?entity=${share.json().id}`,
      headers: bearer(session),
      payload: { body: 'Hello from Pat' },
    });
    expect(note.statusCode).toBe(201);
    const thread = await call(acme, 'GET', `/api/integration/projects/${kitchen}/notes`);
    expect(thread.json().data.find((row: { body: string }) => row.body === 'Hello from Pat').author).toMatchObject({
      type: 'portal_user',
      name: 'Patty Acmeson',
    });
    expect(thread.body).not.toMatch(/Patricia|Brightsider/);
  });

  it("one company's invitation leaves another's pending link working, and greets them by the inviting company's name", async () => {
    const email = 'quinn@example.com';
    const quinn = (await call(brightside, 'POST', '/api/integration/portal-users', { email, first_name: 'Quinta' })).json().id as number;
    let before = t.smtp.messages.length;
    await call(brightside, 'POST', `/api/integration/portal-users/${quinn}/invite`);
    const fromBrightside = await invitationToken(email, before);
    expect(fromBrightside.mail.text).toContain('Hello Quinta,');

    await call(acme, 'POST', '/api/integration/portal-users', { email, first_name: 'Quincy' });
    before = t.smtp.messages.length;
    expect((await call(acme, 'POST', `/api/integration/portal-users/${quinn}/invite`)).statusCode).toBe(200);
    const fromAcme = await invitationToken(email, before);
    expect(fromAcme.mail.text).toContain('Hello Quincy,');
    expect(fromAcme.mail.text).not.toContain('Quinta');

    const accept = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/invitation', remoteAddress, payload: { token } });
    expect((await accept(fromBrightside.token)).statusCode).toBe(200);
    // Nor does spending Brightside's link spend Acme's.
    expect((await accept(fromAcme.token)).statusCode).toBe(200);
    // Accepting Acme's invitation is a sign-in Acme knows of, though it shares nothing yet.
    expect((await call(acme, 'GET', `/api/integration/portal-users/${quinn}`)).json()).toMatchObject({ activated_at: expect.any(String) });
  });
});

describe('invitations', () => {
  it('emails a link that signs the customer in once, then lets them choose a password', async () => {
    const ann = (await call(acme, 'GET', '/api/integration/portal-users?filter[email]=ann@example.com')).json().data[0];
    const before = t.smtp.messages.length;
    const sent = await call(acme, 'POST', `/api/integration/portal-users/${ann.id}/invite`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().portal_user.invited_at).not.toBeNull();
    const { mail, token, link } = await invitationToken('ann@example.com', before);
    expect(mail.subject).toBe('Acme Builders invites you to your project portal');
    expect(link).toContain('theme=acme');
    expect(mail.headers['reply-to']).toContain(t.ids.acme.contact_email!);

    const accepted = await t.app.inject({ method: 'POST', url: '/api/auth/invitation', payload: { token } });
    expect(accepted.statusCode).toBe(200);
    const { token: session, password_token: passwordToken } = accepted.json();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).json().email).toBe('ann@example.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/invitation', payload: { token } })).statusCode).toBe(422);

    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: passwordToken, password: 'a-long-password-1' },
    });
    expect(chosen.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ann@example.com', password: 'a-long-password-1' } });
    expect(login.statusCode).toBe(200);
    expect((await call(acme, 'GET', `/api/integration/portal-users/${ann.id}`)).json()).toMatchObject({
      last_sign_in_at: expect.any(String),
      activated_at: expect.any(String),
    });
  });

  it('makes the old link stop working when the invitation is sent again', async () => {
    const bob = (await call(acme, 'POST', '/api/integration/portal-users', { email: 'bob@example.com' })).json();
    let before = t.smtp.messages.length;
    await call(acme, 'POST', `/api/integration/portal-users/${bob.id}/invite`);
    const first = await invitationToken('bob@example.com', before);
    before = t.smtp.messages.length;
    await call(acme, 'POST', `/api/integration/portal-users/${bob.id}/resend`);
    const second = await invitationToken('bob@example.com', before);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/invitation', payload: { token: first.token } })).statusCode).toBe(422);
    const accepted = await t.app.inject({ method: 'POST', url: '/api/auth/invitation', payload: { token: second.token } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().password_token).toEqual(expect.any(String));
  });
});

describe('sharing', () => {
  it('shares a project with a customer, idempotently, and unsharing makes their next request 404', async () => {
    const bob = (await call(acme, 'GET', '/api/integration/portal-users?filter[email]=bob@example.com')).json().data[0];
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ann@example.com', password: 'a-long-password-1' } });
    const ann = login.json();
    const share = await call(acme, 'POST', `/api/integration/projects/${kitchen}/shares`, { portal_user_id: ann.user.id });
    expect(share.statusCode).toBe(200);
    expect((await call(acme, 'POST', `/api/integration/projects/${kitchen}/shares`, { portal_user_id: ann.user.id })).json().id).toBe(share.json().id);
    const entity = share.json().id as number;
    expect((await t.app.inject({ method: 'GET', url: `/api/entities/${entity}`, headers: bearer(ann.token) })).statusCode).toBe(200);
    const shares = (await call(acme, 'GET', `/api/integration/projects/${kitchen}/shares`)).json().data;
    expect(shares.map((row: { portal_user: { email: string } }) => row.portal_user.email)).toContain('ann@example.com');

    expect((await call(acme, 'DELETE', `/api/integration/projects/${kitchen}/shares/${ann.user.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/entities/${entity}`, headers: bearer(ann.token) })).statusCode).toBe(404);
    expect((await call(acme, 'DELETE', `/api/integration/projects/${kitchen}/shares/${ann.user.id}`)).statusCode).toBe(404);
    expect(bob).toBeDefined();
  });

  it("refuses another company's project (404) and a person who is not the company's customer (422)", async () => {
    const ann = (await call(acme, 'GET', '/api/integration/portal-users?filter[email]=ann@example.com')).json().data[0];
    expect((await call(brightside, 'POST', `/api/integration/projects/${kitchen}/shares`, { portal_user_id: t.ids.casey.id })).statusCode).toBe(404);
    const [lake] = await t.app.database.db.select().from(projects).where(eq(projects.company_id, t.ids.brightside.id));
    const stranger = await call(brightside, 'POST', `/api/integration/projects/${lake!.id}/shares`, { portal_user_id: ann.id });
    expect(stranger.statusCode).toBe(422);
    expect(Object.keys(stranger.json().errors)).toEqual(['portal_user_id']);
  });

  it("deactivating a customer ends this company's shares only; erasing keeps the records", async () => {
    const casey = t.ids.casey;
    const deactivated = await call(brightside, 'POST', `/api/integration/portal-users/${casey.id}/deactivate`);
    expect(deactivated.json().deactivated_at).not.toBeNull();
    const list = (await t.app.inject({ method: 'GET', url: '/api/entities?page[size]=100', headers: bearer(t.casey) })).json();
    expect(list.data.every((entity: { company_id: number }) => entity.company_id === t.ids.acme.id)).toBe(true);
    expect((await call(brightside, 'POST', `/api/integration/portal-users/${casey.id}/invite`)).statusCode).toBe(409);

    expect((await call(brightside, 'POST', `/api/integration/portal-users/${casey.id}/erase`)).json()).toEqual({ outcome: 'unlinked' });
    const bob = (await call(acme, 'GET', '/api/integration/portal-users?filter[email]=bob@example.com')).json().data[0];
    expect((await call(acme, 'POST', `/api/integration/portal-users/${bob.id}/erase`)).json()).toEqual({ outcome: 'erased' });
    const [erased] = await t.app.database.db.select().from(portalUsers).where(eq(portalUsers.id, bob.id));
    expect(erased).toMatchObject({ email: `erased-${bob.id}@erased.invalid`, first_name: null, password_hash: null });
  });
});
