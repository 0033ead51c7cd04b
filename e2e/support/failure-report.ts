import type { Browser, BrowserContext } from 'playwright-core';

/**
 * When an e2e test fails, what each open page showed: its address, the start of its text and the API answers it got
 * that were errors. A failure on a CI machine cannot be looked at again; this is what tells a slow page from an error.
 */
const browsers = new Set<Browser>();
const failedAnswers = new WeakMap<BrowserContext, string[]>();
const KEPT_ANSWERS = 10;
const TEXT_SHOWN = 1_500;

/** Every context the browser opens keeps its last failed answers, for the report. */
export function reportOnFailure(browser: Browser): Browser {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    const answers: string[] = [];
    failedAnswers.set(context, answers);
    context.on('response', (response) => {
      if (response.status() < 400) return;
      // The path alone: a query may carry a signed link's signature.
      answers.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
      if (answers.length > KEPT_ANSWERS) answers.shift();
    });
    return context;
  };
  return browser;
}

/** The report, one block per open page; empty when no browser is open. */
export async function openPagesReport(): Promise<string> {
  const blocks: string[] = [];
  for (const browser of browsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        const text = await page
          .evaluate<string>('document.body ? document.body.innerText : ""')
          .catch((error: unknown) => `(the text could not be read: ${String(error)})`);
        const answers = failedAnswers.get(context) ?? [];
        blocks.push(
          [
            `page ${new URL(page.url()).pathname} (${page.viewportSize()?.width ?? '?'} px):`,
            text.replace(/\s+/g, ' ').slice(0, TEXT_SHOWN),
            answers.length > 0 ? `failed answers: ${answers.join('; ')}` : 'no failed answers',
          ].join('\n  '),
        );
      }
    }
  }
  return blocks.join('\n');
}
