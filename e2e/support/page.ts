import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** The demo server of the worker this file runs in (support/global-setup.ts). */
export const baseURL = () => {
  const urls = inject('baseURLs');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
};

/** A fresh context and page; `baseURL` names a server of the test's own instead of the suite's. */
export async function newPage(browser: Browser, options: { width?: number; height?: number; baseURL?: string } = {}) {
  const context: BrowserContext = await browser.newContext({
    baseURL: options.baseURL ?? baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page: Page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/** Every page passes axe with no violations (WCAG 2.x A and AA). */
export async function expectNoAxeViolations(page: Page) {
  // Colours read in the middle of a transition are neither the old ones nor the new ones, and the user sees the new
  // ones a moment later: axe checks the page once its running transitions have ended (animations that loop, such as
  // a spinner, are not waited for).
  await transitionsEnded(page);
  // Violations are all a test reads: axe then keeps one node of each passed or inapplicable rule instead of every
  // node, which is most of its work on a long page.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * Whether this run retakes the screenshots in docs/screenshots/ for the next engineer to look at. CI runs on a clean
 * clone and throws them away, so `.ci/run` turns them off (E2E_SCREENSHOTS=off); a developer's `npm test` retakes them.
 * No test reads a screenshot: they are pictures, not proof.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS !== 'off';

/** A screenshot for docs/screenshots/, when this run takes them. */
export async function docsScreenshot(page: Page, options: Parameters<Page['screenshot']>[0]) {
  if (screenshotsWanted) await page.screenshot(options);
}

/** Resolves once the page's running transitions have ended (animations that loop, such as a spinner, are not waited for). */
function transitionsEnded(page: Page) {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => 'transitionProperty' in animation)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * A screenshot of the page at rest: the colour bar paints the stale colour, which follows a new
 * company colour 1 s later and then fades for 1 s (docs/requirements.md 5.4), so a picture taken sooner shows the
 * previous colour.
 */
export async function settledScreenshot(page: Page, options: Parameters<Page['screenshot']>[0]) {
  if (!screenshotsWanted) return;
  await page.waitForFunction(() => {
    const style = document.documentElement.style;
    return style.getPropertyValue('--portal-color-stale') === style.getPropertyValue('--portal-color');
  });
  // The fade to the new colour, and any other transition, ends before the picture.
  await transitionsEnded(page);
  await page.screenshot(options);
}
