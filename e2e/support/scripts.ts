import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The web app's build, which the server under test serves. */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/** The scripts `page` asks for from now on, by path (`/assets/…js`). */
export function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  return scripts;
}

/** The built code of these scripts, joined: where a check for a piece of code looks. */
export async function codeOf(scripts: Iterable<string>): Promise<string> {
  return (await Promise.all([...scripts].map((script) => readFile(path.join(WEB_DIST, script), 'utf8')))).join('\n');
}
