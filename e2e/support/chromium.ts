import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { reportOnFailure } from './failure-report';
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
  const slowdown = cpuSlowdown();
  return reportOnFailure(harvestFromBrowser(slowdown === undefined ? browser : slowDownPages(browser, slowdown)));
}

/**
 * `E2E_CPU_SLOWDOWN=4`: every page runs its scripts, layout and paint that many times slower (Chromium's own CPU
 * throttling, as its DevTools' "4x slowdown"), so a test that only passes on a fast machine fails here rather than on a
 * slower CI machine. Unset, pages run at full speed.
 */
function cpuSlowdown(): number | undefined {
  const value = process.env.E2E_CPU_SLOWDOWN;
  if (!value) return undefined;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`E2E_CPU_SLOWDOWN must be a number of at least 1, not ${JSON.stringify(value)}`);
  return rate;
}

/** Every page of every context the browser opens is slowed down before it loads anything, popups included. */
function slowDownPages(browser: Browser, rate: number): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    const slowed = new WeakMap<Page, Promise<unknown>>();
    const slowDown = (page: Page): Promise<unknown> => {
      const done = slowed.get(page) ?? context.newCDPSession(page).then((session) => session.send('Emulation.setCPUThrottlingRate', { rate }));
      slowed.set(page, done);
      return done;
    };
    // A page the page itself opens (a popup, a new tab) is slowed down as it appears; it may have started loading by then.
    context.on('page', (page) => void slowDown(page).catch(() => undefined));
    const newPage = context.newPage.bind(context);
    context.newPage = async () => {
      const page = await newPage();
      await slowDown(page);
      return page;
    };
    return context;
  };
  return browser;
}
