import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server';
import { demoIds, signInDemo } from './portal-users';
import { freezeClock } from './sign-in';

/**
 * The set-up a whole test file shares, as hooks: call these at the top level of the file. What they
 * return is filled in by beforeAll, so read it inside tests and hooks, never at the top level.
 */

export interface SuiteOptions extends TestAppOptions {
  /** Start a test SMTP server first and send the app's mail to it (`smtp` on the suite). */
  mail?: boolean;
}

export interface TestSuite extends TestApp {
  /** Only with `mail: true`. */
  smtp: TestSmtpServer;
}

/** The whole server on a fresh database, ready before the file's first test and closed after its last. */
export function useTestApp(options: SuiteOptions = {}): TestSuite {
  const { mail, ...appOptions } = options;
  const suite = {} as TestSuite;
  beforeAll(async () => {
    if (mail) suite.smtp = await startTestSmtpServer();
    const env = suite.smtp ? { ...appOptions.env, SMTP_URL: suite.smtp.url } : appOptions.env;
    Object.assign(suite, await createTestApp({ ...appOptions, env }));
    await suite.app.ready();
  });
  afterAll(async () => {
    await suite.close?.();
    await suite.smtp?.close();
  });
  return suite;
}

export type FrozenClock = ReturnType<typeof freezeClock>;

/** freezeClock for the whole file; call it before useTestApp, so the app opens and closes on the frozen clock. */
export function useFrozenClock(): FrozenClock {
  const clock = {} as FrozenClock;
  beforeAll(() => {
    Object.assign(clock, freezeClock());
  });
  afterAll(() => clock.restore?.());
  return clock;
}

export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

export interface DemoSuite extends TestSuite {
  ids: DemoIds;
  /** Bearer tokens of the two demo users, signed in through the real login route. */
  casey: string;
  nico: string;
}

/** useTestApp on the demo seed, with the demo's ids read back and both demo users signed in. */
export function useDemoApp(options: Omit<SuiteOptions, 'seed'> = {}): DemoSuite {
  const suite = useTestApp({ ...options, seed: true }) as DemoSuite;
  beforeAll(async () => {
    suite.ids = await demoIds(suite.app);
    [suite.casey, suite.nico] = await Promise.all([signInDemo(suite.app, 0), signInDemo(suite.app, 1)]);
  });
  return suite;
}
