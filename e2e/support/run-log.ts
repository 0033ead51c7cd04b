import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';

/**
 * The whole e2e run keeps every server's log and every credential the run handled in one folder, and the global
 * teardown checks that no credential reached any log (docs/operations.md, "Logs"). The folder is named in the
 * environment by the global setup, before any test process starts, so every worker and every server sees it.
 */
export const RUN_DIR_VARIABLE = 'PORTAL_E2E_RUN_DIR';

const runDir = () => process.env[RUN_DIR_VARIABLE];

/** A credential the run used (a token, key, password, signature): the teardown looks for it in every log. */
export function recordSecret(name: string, value: string | null | undefined): void {
  const dir = runDir();
  // Shorter values could turn up in a log by chance (and none of ours are that short).
  if (!dir || !value || value.length < 8) return;
  appendFileSync(path.join(dir, `secrets-${process.pid}.jsonl`), `${JSON.stringify({ name, value })}\n`);
}

/** Where a server started by the suite appends its output, or nothing outside a suite run. */
export function serverLogFile(label: string): string | undefined {
  const dir = runDir();
  return dir ? path.join(dir, `server-${label}.log`) : undefined;
}

const CREDENTIAL_PARAMS = ['sig', 'token', 'code'];

/** Records what the browser sends as a credential: bearer tokens, signed links' signatures, link tokens, passwords. */
export function harvestSecrets(context: BrowserContext): void {
  context.on('request', (request) => {
    const url = new URL(request.url());
    for (const param of CREDENTIAL_PARAMS) recordSecret(`${param} of ${url.pathname}`, url.searchParams.get(param));
    const authorization = request.headers()['authorization'];
    if (authorization?.startsWith('Bearer ')) recordSecret(`bearer token sent to ${url.pathname}`, authorization.slice('Bearer '.length));
    const body = request.postData();
    if (body?.startsWith('{')) {
      try {
        const fields = JSON.parse(body) as Record<string, unknown>;
        for (const key of ['password', 'new_password', 'current_password', 'token', 'code']) {
          if (typeof fields[key] === 'string') recordSecret(`${key} posted to ${url.pathname}`, fields[key]);
        }
      } catch {
        // Not JSON after all: nothing to harvest.
      }
    }
  });
}

/** Every context the browser opens harvests its credentials (Browser.newPage goes through newContext too). */
export function harvestFromBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    harvestSecrets(context);
    return context;
  };
  return browser;
}

/** Shapes that are a credential whatever its value: a signed link's signature or a link token left in clear, a key. */
const CREDENTIAL_SHAPES: [string, RegExp][] = [
  ['a signature, token or code in a URL', /[?&](?:sig|token|code)=(?!\[redacted\])[^&"\s]{8,}/i],
  ['an API key', /ppk_\d+_[A-Za-z0-9_-]{8,}/],
  ['a webhook secret', /whsec_[A-Za-z0-9+/=_-]{8,}/],
  ['an Authorization header', /"authorization":"(?!\[redacted\])/i],
  ['a calendar feed secret', /\/calendar-feeds\/(?!\[redacted\])[^/"\s]{8,}/],
];

/**
 * The log lines that hold a credential: a recorded secret's value, or one of the shapes above. The sign-in links a
 * server without SMTP prints on purpose outside production (event `mail.outbox`) are the one exception.
 */
export function findLeaks(dir: string): string[] {
  const files = readdirSync(dir);
  const secrets = new Map<string, string>();
  for (const file of files.filter((name) => name.startsWith('secrets-'))) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line) continue;
      const { name, value } = JSON.parse(line) as { name: string; value: string };
      secrets.set(value, name);
    }
  }
  const leaks: string[] = [];
  for (const file of files.filter((name) => name.endsWith('.log'))) {
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        // The start banner names the demo's sign-in on purpose (README does too): `  email / password` lines.
        if (!line || line.includes('"event":"mail.outbox"') || /^\s+\S+@\S+ \/ \S+$/.test(line)) return;
        const where = `${file}:${index + 1}`;
        for (const [value, name] of secrets) if (line.includes(value)) leaks.push(`${where}: ${name}`);
        for (const [name, shape] of CREDENTIAL_SHAPES) if (shape.test(line)) leaks.push(`${where}: ${name}`);
      });
  }
  return leaks;
}
