import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/auth';
import { launchChromium } from './support/chromium';
import { startServer, type RunningServer } from './support/server';

/** A page of another origin, as a web app served from elsewhere (VITE_API_URL) would be. */
async function otherOrigin(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Elsewhere</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let browser: Browser;
let api: RunningServer;
let listed: Awaited<ReturnType<typeof otherOrigin>>;
let unlisted: Awaited<ReturnType<typeof otherOrigin>>;

beforeAll(async () => {
  listed = await otherOrigin();
  unlisted = await otherOrigin();
  api = await startServer({ CORS_ORIGINS: listed.origin });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  listed?.server.close();
  unlisted?.server.close();
});

/** Signs in and lists the projects from a page of `origin`, as its script would: what the page got, or why it could not. */
async function callFrom(origin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(origin);
  const result = await page.evaluate(
    async ({ url, user }) => {
      try {
        const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
        const { token } = (await login.json()) as { token: string };
        const list = await fetch(`${url}/api/entities`, { headers: { authorization: `Bearer ${token}` } });
        return { status: list.status, projects: ((await list.json()) as { data: unknown[] }).data.length };
      } catch (error) {
        return { refused: String(error) };
      }
    },
    { url: api.url, user: DEMO.customer },
  );
  await context.close();
  return result;
}

describe('the API called from a page of another origin', () => {
  it('answers a page of a listed origin (CORS_ORIGINS): the bearer header passes its preflight', async () => {
    expect(await callFrom(listed.origin)).toEqual({ status: 200, projects: 4 });
  });

  it('is refused by the browser to a page of any other origin', async () => {
    expect(await callFrom(unlisted.origin)).toEqual({ refused: expect.stringMatching(/Failed to fetch/) });
  });
});
