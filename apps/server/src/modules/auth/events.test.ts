import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers';
import { buildApp, type App } from '../../app';
import { parseEnv } from '../../env';
import { bearer, createUser, postJson } from '../../../test/sign-in';

/**
 * The audit trail: every sign-in, failure, rate-limit hit and revocation is one structured line
 * with the user id, and no line holds a token, a code or a password. createTestApp turns logging
 * off, so this suite builds the app itself with a logger that keeps its lines.
 */

const PASSWORD = 'correct horse battery';
const lines: Record<string, unknown>[] = [];
let app: App;
let testDatabase: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-events-'));
  testDatabase = await openTestDatabase();
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.test', SEED_DEMO: 'false' });
  app = await buildApp({
    env,
    database: testDatabase.database,
    webDist: path.join(dataDir, 'no-web-dist'),
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const events = (name: string) => lines.filter((line) => line.event === name);

describe('auth events in the log', () => {
  it('records sign-ins, failures, rate-limit hits and revocations with the user id and no secret', async () => {
    const user = await createUser(app, { password: PASSWORD });
    const ip = '198.51.100.20';

    // A failure, then a password sign-in.
    await postJson(app, '/api/auth/login', { email: user.email, password: 'wrong password' }, { ip });
    const signedIn = await postJson(app, '/api/auth/login', { email: user.email, password: PASSWORD }, { ip });
    const { token } = signedIn.json<{ token: string }>();

    // A sign-in by code, from the outbox (no SMTP here).
    await postJson(app, '/api/auth/passwordless', { email: user.email }, { ip });
    await app.mailer.idle();
    const outbox = events('mail.outbox')[0]!;
    const link = new URL(String(outbox.link));
    const linkToken = link.searchParams.get('token')!;
    const byLink = await postJson(app, '/api/auth/passwordless/verify', { token: linkToken }, { ip });
    expect(byLink.statusCode).toBe(200);
    const secondToken = byLink.json<{ token: string }>().token;

    // The page the link opens is served here: its URL reaches the access log without the token.
    await app.inject({ method: 'GET', url: `/auth/passwordless/login?token=${encodeURIComponent(linkToken)}&email=x`, remoteAddress: ip });

    // A revocation and a sign-out.
    await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${secondToken.split('.')[0]}`, headers: bearer(token) });
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });

    // A rate-limit hit: 10 sign-ins a minute per IP (the four above count).
    for (let i = 0; i < 8; i++) await postJson(app, '/api/auth/login', { email: user.email, password: 'wrong password' }, { ip });

    expect(events('auth.sign_in_failed')[0]).toMatchObject({ method: 'password', userId: user.id });
    expect(events('auth.sign_in').map((line) => line.method)).toEqual(['password', 'link']);
    expect(events('auth.sign_in').every((line) => line.userId === user.id && typeof line.sessionId === 'number')).toBe(true);
    expect(events('auth.passwordless_requested')[0]).toMatchObject({ userId: user.id });
    expect(events('auth.session_revoked')[0]).toMatchObject({ userId: user.id, sessionId: Number(secondToken.split('.')[0]) });
    expect(events('auth.sign_out')[0]).toMatchObject({ userId: user.id });
    expect(events('auth.rate_limited')[0]).toMatchObject({ limit: 'signInPerIp', level: 40 });

    const incoming = lines.filter((line) => (line.req as { url?: string } | undefined)?.url?.startsWith('/auth/passwordless/login'));
    expect(incoming.length).toBeGreaterThan(0);
    expect((incoming[0]!.req as { url: string }).url).toBe('/auth/passwordless/login?token=[redacted]&email=x');

    // The outbox line is the one place a sign-in link is logged (the demo needs it); nowhere else.
    const elsewhere = JSON.stringify(lines.filter((line) => line.event !== 'mail.outbox'));
    for (const secret of [token.split('.')[1]!, secondToken.split('.')[1]!, linkToken.split('.')[1]!, PASSWORD, 'wrong password']) {
      expect(elsewhere).not.toContain(secret);
    }
  });
});
