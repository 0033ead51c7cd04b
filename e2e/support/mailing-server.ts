import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../apps/server/test/smtp-server';
import { launchChromium } from './chromium';
import { startServer, type RunningServer } from './server';

export interface MailingServer {
  browser: Browser;
  smtp: TestSmtpServer;
  server: RunningServer;
}

/**
 * A file's own server that sends its mail to a real SMTP server the test reads, and a browser: for
 * tests that follow emailed links or change the demo users (so the shared server stays as seeded).
 */
export function useMailingServer(): MailingServer {
  const suite = {} as MailingServer;
  beforeAll(async () => {
    suite.smtp = await startTestSmtpServer();
    suite.server = await startServer({ SMTP_URL: suite.smtp.url });
    suite.browser = await launchChromium();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.smtp?.close();
  });
  return suite;
}
