import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { harvestFromBrowser } from './run-log';

/** Never a downloaded browser: the system's Chromium, or CHROMIUM_PATH. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(candidate)) {
    throw new Error(
      `The e2e suite needs Chromium and found none at ${candidate}.\n` +
        'Install it with `apt-get install -y chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return candidate;
}

/** The system's Chromium; every credential its pages send is recorded for the run's log check (support/run-log.ts). */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return harvestFromBrowser(browser);
}
