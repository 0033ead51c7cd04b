import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, openTestDatabase, TEST_DB, type TestApp, type TestDatabase } from '../../test/helpers';
import { parseEnv } from '../env';
import { databaseRateLimiter } from './rate-limit-store';

/**
 * The rate limits kept in the database (decision 126): the same sliding window as in memory, and
 * one count for every process. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the
 * server uses it.
 */
const rule = { limit: 3, windowMs: 60_000 };

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe('databaseRateLimiter', () => {
  it('allows up to the limit in a window, then refuses with the seconds until the oldest hit leaves it', async () => {
    const limiter = databaseRateLimiter(t.database.db);
    expect(await limiter.hit('window', rule, 0)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    expect((await limiter.hit('window', rule, 10_000)).allowed).toBe(true);
    expect(await limiter.hit('window', rule, 20_000)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    expect(await limiter.hit('window', rule, 30_000)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 30 });
    expect((await limiter.hit('window', rule, 59_999)).allowed).toBe(false);
    expect((await limiter.hit('window', rule, 60_000)).allowed).toBe(true);
    expect(await limiter.hit('window', rule, 60_001)).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
  });

  it('keeps keys apart, and multiplies limits for test suites', async () => {
    const limiter = databaseRateLimiter(t.database.db);
    for (let i = 0; i < 3; i++) await limiter.hit('a', rule, 0);
    expect((await limiter.hit('a', rule, 0)).allowed).toBe(false);
    expect((await limiter.hit('b', rule, 0)).allowed).toBe(true);
    const generous = databaseRateLimiter(t.database.db, { multiplier: 2 });
    for (let i = 0; i < 6; i++) expect((await generous.hit('c', rule, 0)).allowed).toBe(true);
    expect((await generous.hit('c', rule, 0)).allowed).toBe(false);
  });

  it('lets exactly the limit through when many processes ask at once', async () => {
    const limiters = [databaseRateLimiter(t.database.db), databaseRateLimiter(t.database.db)];
    const verdicts = await Promise.all(Array.from({ length: 20 }, (_, i) => limiters[i % 2]!.hit('race', { limit: 5, windowMs: 60_000 }, 1_000)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
  });
});

describe.runIf(TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
  });
  afterAll(async () => {
    await first?.close();
  });

  it('count sign-ins from one address together: the eleventh in a minute is refused by either', async () => {
    const second = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: first.dataDir, PUBLIC_URL: 'http://portal.test', SEED_DEMO: 'false' }),
      database: first.database,
      logger: false,
      webDist: first.dataDir,
    });
    try {
      const signIn = (app: typeof second) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'nobody@example.com', password: 'wrong-password' },
          remoteAddress: '203.0.113.77',
        });
      for (let i = 0; i < 10; i++) expect((await signIn(i % 2 === 0 ? first.app : second)).statusCode).toBe(422);
      const refused = await signIn(second);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signIn(first.app)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
