import { NOTIFICATION_MESSAGES, NotificationPreferencesSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/portal-users';
import { nextIp } from '../../../test/sign-in';
import { useDemoApp, useFrozenClock } from '../../../test/suite';
import { noticePreferences, portalEntities, projects } from '../../db/schema';
import { apiKeysRepository } from '../integration/api-keys.repository';
import { UNSUBSCRIBE_PER_IP } from './notifications.routes';

/** The signed-in user's notice switches and the unsubscribe link of every notice (docs/decisions/041-notice-unsubscribe-tokens.md). */

const clock = useFrozenClock();
const t = useDemoApp({ mail: true });
let acmeKey: string;
let kitchenProject: number;

const ALL_ON = { note: true, invoice: true, document: true, album: true, proposal: true, schedule: true, change_order: true };

const getPreferences = (token: string) => t.app.inject({ method: 'GET', url: '/api/account/notifications', headers: bearer(token) });
const patchPreferences = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/account/notifications', headers: bearer(token), payload: payload as object });

/** What a mail client sends for RFC 8058 one-click: a form POST to the List-Unsubscribe address, no cookie, no token. */
const oneClick = (url: string, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
    remoteAddress: ip,
  });

const companyNote = (body: string) =>
  t.app.inject({ method: 'POST', url: `/api/integration/projects/${kitchenProject}/notes`, headers: bearer(acmeKey), payload: { body } });

beforeAll(async () => {
  acmeKey = (await apiKeysRepository(t.app.database.db).create(t.ids.acme.id, 'notices')).key;
  const entity = t.ids.caseyEntities.find((row) => row.company_id === t.ids.acme.id)!;
  const [project] = await t.app.database.db.select().from(projects).where(eq(projects.id, entity.model_id));
  kitchenProject = project!.id;
});

afterEach(async () => {
  await t.app.mailer.idle();
  await t.app.database.db.delete(noticePreferences);
});

describe('GET/PATCH /api/account/notifications', () => {
  it('has every kind on for a user who never chose, and keeps what each user turns off to themselves', async () => {
    const first = await getPreferences(t.casey);
    expect(first.statusCode).toBe(200);
    expect(NotificationPreferencesSchema.strict().parse(first.json())).toEqual(ALL_ON);

    const changed = await patchPreferences(t.casey, { invoice: false, album: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...ALL_ON, invoice: false, album: false });
    expect((await patchPreferences(t.casey, { album: true })).json()).toEqual({ ...ALL_ON, invoice: false });
    expect((await getPreferences(t.casey)).json()).toEqual({ ...ALL_ON, invoice: false });
    expect((await getPreferences(t.nico)).json()).toEqual(ALL_ON);
  });

  it('answers 401 without a session and 422 for a kind that does not exist or a value that is not a switch', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/account/notifications', payload: { note: false } })).statusCode).toBe(401);
    const unknown = await patchPreferences(t.casey, { newsletter: false });
    expect(unknown.statusCode).toBe(422);
    const notBoolean = await patchPreferences(t.casey, { note: 'no' });
    expect(notBoolean.statusCode).toBe(422);
    expect(notBoolean.json().errors).toHaveProperty('note');
    expect((await getPreferences(t.casey)).json()).toEqual(ALL_ON);
  });
});

describe('POST /api/notifications/unsubscribe', () => {
  it("follows a real notice's List-Unsubscribe with one click, no session: that kind stops, for that user only", async () => {
    const shared = await t.app.database.db
      .insert(portalEntities)
      .values({ portal_user_id: t.ids.nico.id, company_id: t.ids.acme.id, model_type: 'project', model_id: kitchenProject })
      .returning({ id: portalEntities.id });
    try {
      expect((await companyNote('Tile delivery on Monday')).statusCode).toBe(201);
      const mail = await t.smtp.waitFor((message) => message.to.includes(t.ids.casey.email) && (message.text ?? '').includes('Tile delivery'));
      const url = /^<http:\/\/portal\.test(\/api\/notifications\/unsubscribe\?token=[^>]+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;

      const response = await oneClick(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ kind: 'note', message: NOTIFICATION_MESSAGES.unsubscribed('note') });
      expect(response.json().message).toBe('You will no longer get emails about new notes. You can turn them back on in your account settings.');
      expect((await getPreferences(t.casey)).json()).toEqual({ ...ALL_ON, note: false });
      expect((await getPreferences(t.nico)).json()).toEqual(ALL_ON);
      // Again is fine: a mail client may retry.
      expect((await oneClick(url)).statusCode).toBe(200);

      // Nico's copy of the first note may still be on its way: let it land before counting.
      await t.app.mailer.idle();
      await t.smtp.waitFor((message) => message.to.includes(t.ids.nico.email) && (message.text ?? '').includes('Tile delivery'));
      const before = t.smtp.messages.length;
      expect((await companyNote('Grout arrives Tuesday')).statusCode).toBe(201);
      await t.app.mailer.idle();
      expect(t.smtp.messages.slice(before).map((message) => message.to)).toEqual([[t.ids.nico.email]]);
    } finally {
      await t.app.database.db.delete(portalEntities).where(eq(portalEntities.id, shared[0]!.id));
    }
  });

  it('takes the token in a JSON body (the portal page) and as multipart/form-data (RFC 8058 allows both)', async () => {
    const token = t.app.notices.tokens.make(t.ids.nico.id, 'invoice');
    const json = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token }, remoteAddress: nextIp() });
    expect(json.statusCode).toBe(200);
    expect(json.json().kind).toBe('invoice');

    const boundary = 'x-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(t.app.notices.tokens.make(t.ids.nico.id, 'album'))}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      remoteAddress: nextIp(),
    });
    expect(multipart.statusCode).toBe(200);
    expect((await getPreferences(t.nico)).json()).toEqual({ ...ALL_ON, invoice: false, album: false });
  });

  it('refuses a missing, malformed or forged token with 422 and a clear message, and changes nothing', async () => {
    const real = t.app.notices.tokens.make(t.ids.casey.id, 'note');
    const [, , mac] = real.split('.');
    const forged = [
      '',
      'nonsense',
      String(t.ids.casey.id),
      `${t.ids.casey.id}.note.${'A'.repeat(43)}`,
      // Casey's signature on another user or another kind.
      `${t.ids.nico.id}.note.${mac}`,
      `${t.ids.casey.id}.invoice.${mac}`,
      `${t.ids.casey.id}.newsletter.${mac}`,
      `99999999999.note.${mac}`,
    ];
    for (const token of forged) {
      const response = await oneClick(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(response.statusCode, token).toBe(422);
      expect(response.json()).toEqual({
        message: NOTIFICATION_MESSAGES.invalidUnsubscribeLink,
        errors: { token: [NOTIFICATION_MESSAGES.invalidUnsubscribeLink] },
      });
    }
    const noToken = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: {}, remoteAddress: nextIp() });
    expect(noToken.statusCode).toBe(422);
    const tooLong = await oneClick(`/api/notifications/unsubscribe?token=${'a'.repeat(500)}`);
    expect(tooLong.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooLong.statusCode).toBeLessThan(500);
    expect((await getPreferences(t.casey)).json()).toEqual(ALL_ON);
    expect((await getPreferences(t.nico)).json()).toEqual(ALL_ON);
  });

  it(`allows ${UNSUBSCRIBE_PER_IP.limit} a minute per IP, then 429 with Retry-After`, async () => {
    const ip = nextIp();
    const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(t.app.notices.tokens.make(t.ids.casey.id, 'document'))}`;
    for (let i = 0; i < UNSUBSCRIBE_PER_IP.limit; i++) expect((await oneClick(url, ip)).statusCode).toBe(200);
    const refused = await oneClick(url, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await oneClick(url)).statusCode).toBe(200);
    clock.advance(UNSUBSCRIBE_PER_IP.windowMs);
    expect((await oneClick(url, ip)).statusCode).toBe(200);
  });

  it('sends a GET of the List-Unsubscribe address to the portal page, turning nothing off itself', async () => {
    const token = t.app.notices.tokens.make(t.ids.casey.id, 'note');
    const response = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await getPreferences(t.casey)).json()).toEqual(ALL_ON);
  });
});
