import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TOKEN_STORAGE_KEY } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, storeToken } from './support/auth';
import { launchChromium } from './support/chromium';
import { clusterUnavailable, startCluster, type Cluster } from './support/cluster';
import { newPage } from './support/page';
import { recordSecret } from './support/run-log';

/**
 * Two server processes on one PostgreSQL database and one S3 bucket, behind nginx with round robin and
 * no stickiness (docs/operations.md, "From one machine to two servers"): the portal works whichever
 * process answers, and what one process does (a note, a sign-out, a counted sign-in) holds on the other
 * at once. The browser talks to the proxy, except where a test must be sure which process serves it:
 * then it talks to that process's own port.
 *
 * Over 30 s: two servers, a real PostgreSQL database and nginx started for it, and a server killed and replaced.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const unavailable = clusterUnavailable();
if (unavailable) console.warn(`Skipping the scale-out suite: ${unavailable}`);

// Demo entities: 1 is the kitchen (Acme Builders, every area switched on).
const KITCHEN = 1;
/**
 * A real PDF padded with comment lines to 3 MB: past nginx's default body limit (1 MB) and its in-memory
 * buffer, so the upload proves the proxy's `client_max_body_size` and its temporary folder.
 */
const PDF = Buffer.concat([
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n',
  ),
  Buffer.from(`%${'x'.repeat(1022)}\n`.repeat(3 * 1024)),
  Buffer.from('%%EOF\n'),
]);

let cluster: Cluster;
let browser: Browser;
/** The browser's session, made by signing in through the proxy in the first test. */
let token = '';
/** Every credential the suite sends through the proxy, by what it is: none may reach nginx's logs (the last test). */
const secrets = new Map<string, string>();

const serverA = () => cluster.servers[0].url;
const serverB = () => cluster.servers[1].url;
/** The same path and query on another origin: a URL the API handed out (on PUBLIC_URL, the proxy), sent to one process. */
const on = (origin: string, url: string) => {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}${parsed.search}`;
};

async function call(origin: string, method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json().catch(() => null)) as unknown };
}

/** The company's key, made by the operator's command through the proxy, as the cluster's operator runs it. */
async function createApiKey(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/cli/company.ts'), 'create-api-key', '--company', '1', '--name', 'scale-out'],
    { cwd: root, env: { ...process.env, PORTAL_URL: cluster.url, OPERATOR_SECRET: cluster.env.OPERATOR_SECRET!, DATABASE_URL: '' } },
  );
  const key = /ppk_\S+/.exec(stdout)?.[0];
  if (!key) throw new Error(`create-api-key printed no key:\n${stdout}`);
  return key;
}

async function signedInPage(baseURL: string) {
  const opened = await newPage(browser, { baseURL });
  await storeToken(opened.context, token);
  return opened;
}

const imagesLoaded = (page: Page) =>
  page
    .locator('img')
    .evaluateAll(
      (images) => images.length > 0 && images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
    );

describe.skipIf(unavailable !== null)('two servers behind nginx, one database, one bucket', () => {
  beforeAll(async () => {
    // The portal's own limits, not the e2e suite's relaxed ones: the rate-limit test counts to them.
    const [started, launched] = await Promise.allSettled([startCluster({ RATE_LIMIT_MULTIPLIER: '1' }), launchChromium()]);
    if (started.status === 'fulfilled') cluster = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    for (const result of [started, launched]) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
  });

  it('spreads requests over both servers, with no stickiness', async () => {
    for (let i = 0; i < 6; i++) expect((await fetch(`${cluster.url}/api/health`)).status).toBe(200);
    const upstreams = new Set([...(await cluster.accessLog()).matchAll(/upstream=(\S+)/g)].map((match) => match[1]));
    expect(upstreams).toEqual(new Set([new URL(serverA()).host, new URL(serverB()).host]));
    // The id nginx gave the request is the one the server answered with: both logs name a request alike.
    const id = (await fetch(`${cluster.url}/api/health`)).headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => cluster.accessLog()).toContain(`id=${id}`);
  });

  it('signs the demo customer in through the proxy', async () => {
    const { context, page, consoleErrors } = await newPage(browser, { baseURL: cluster.url });
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByLabel('Password').fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    token = (await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)) ?? '';
    expect(token).toMatch(/^\d+\./);
    secrets.set('the session token', token);
    // The session is known to both processes.
    expect((await call(serverA(), 'GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await call(serverB(), 'GET', '/api/auth/me', { token })).status).toBe(200);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('reads every portal area through the proxy', async () => {
    const { context, page, consoleErrors } = await signedInPage(cluster.url);
    await page.goto(`/?entity=${KITCHEN}`);
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    expect(await page.getByRole('region', { name: 'Project details' }).textContent()).toContain('Dana Whitfield');

    await page.goto(`/notes?entity=${KITCHEN}`);
    await page.getByRole('log', { name: 'Notes' }).getByText('Demolition starts Monday at 8 am', { exact: false }).waitFor();

    await page.goto(`/photos?entity=${KITCHEN}`);
    await page.getByRole('link', { name: /Demolition\s*5 photos/ }).waitFor();
    // The covers come from the image proxy, through nginx, from the bucket.
    await expect.poll(() => imagesLoaded(page)).toBe(true);

    await page.goto(`/invoices?entity=${KITCHEN}`);
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await page.getByRole('region', { name: 'Balance summary' }).waitFor();
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(0);

    await page.goto(`/documents?entity=${KITCHEN}`);
    await page.getByRole('row', { name: /Signed contract\.pdf/ }).waitFor();

    await page.goto(`/contact?entity=${KITCHEN}`);
    await page.getByRole('heading', { level: 2, name: 'Acme Builders' }).waitFor();
    await page.getByText('Dana Whitfield').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('posts a note and uploads a document through the proxy; both are there after reloads, whichever server answers', async () => {
    const { context, page, consoleErrors } = await signedInPage(cluster.url);
    await page.goto(`/notes?entity=${KITCHEN}`);
    const composer = page.getByRole('textbox', { name: 'Note' });
    await composer.fill('Posted through the proxy: which server took it should not matter.');
    // Acknowledged before the page is left: a note still on its way is kept in the browser's outbox.
    const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notes' && response.request().method() === 'POST');
    await composer.press('Enter');
    expect((await saved).status()).toBe(201);
    const thread = page.getByRole('log', { name: 'Notes' });
    await thread.getByText('Posted through the proxy', { exact: false }).waitFor();

    await page.goto(`/documents?entity=${KITCHEN}`);
    await page.getByRole('table').waitFor();
    await page.getByLabel('Choose a file').setInputFiles({ name: 'Scale-out plan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('row', { name: /Scale-out plan\.pdf.*Uploaded by you/ }).waitFor();

    // Round robin: two reloads in a row reach both servers.
    for (let reload = 0; reload < 2; reload++) {
      await page.reload();
      await page.getByRole('row', { name: /Scale-out plan\.pdf/ }).waitFor();
    }
    await page.goto(`/notes?entity=${KITCHEN}`);
    await thread.getByText('Posted through the proxy', { exact: false }).waitFor();
    // And each server on its own says so.
    for (const origin of [serverA(), serverB()]) {
      const documents = await call(origin, 'GET', `/api/entities/${KITCHEN}/documents?filter[name]=Scale-out`, { token });
      expect(JSON.stringify(documents.body)).toContain('Scale-out plan.pdf');
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('downloads through a signed URL and shows images through the image proxy, whichever server answers', async () => {
    const { context, page } = await signedInPage(cluster.url);
    await page.goto(`/documents?entity=${KITCHEN}`);
    const link = page.getByRole('link', { name: 'Download Scale-out plan.pdf' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('Scale-out plan.pdf');
    expect((await readFile((await download.path())!)).equals(PDF)).toBe(true);

    // One signed URL, handed out by whichever server answered the list, works on each of them.
    const href = (await link.getAttribute('href'))!;
    expect(href.startsWith(`${cluster.url}/api/files/`)).toBe(true);
    secrets.set("the signed download URL's sig", new URL(href).searchParams.get('sig')!);
    for (const origin of [serverA(), serverB()]) {
      const response = await fetch(on(origin, href));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain('Scale-out plan.pdf');
      expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    }

    await page.goto(`/photos?entity=${KITCHEN}`);
    const cover = page.getByRole('link', { name: /Demolition/ }).locator('img');
    await cover.waitFor();
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const src = (await cover.getAttribute('src'))!;
    expect(new URL(src).pathname).toMatch(/^\/api\/images\/\d+$/);
    secrets.set("the signed image URL's sig", new URL(src).searchParams.get('sig')!);
    const sizes: number[] = [];
    for (const origin of [serverA(), serverB()]) {
      // Each server resizes from the bucket into a cache of its own.
      const response = await fetch(on(origin, src));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\//);
      sizes.push((await response.arrayBuffer()).byteLength);
    }
    expect(sizes[0]).toBeGreaterThan(0);
    expect(sizes[1]).toBe(sizes[0]);
    await context.close();
  });

  it('shows a note posted through server B live on a page that talks only to server A', async () => {
    const key = await createApiKey();
    const entity = (await call(serverA(), 'GET', `/api/entities/${KITCHEN}`, { token })).body as { model_id: number };
    const { context, page } = await signedInPage(serverA());
    // Only server A's port: every request of this page is answered by process A.
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await page.goto(`/notes?entity=${KITCHEN}`);
    const thread = page.getByRole('log', { name: 'Notes' });
    await thread.getByText('Posted through the proxy', { exact: false }).waitFor();

    const posted = await call(serverB(), 'POST', `/api/integration/projects/${entity.model_id}/notes`, {
      token: key,
      body: { body: 'Written on server B: the cabinets ship on Friday.' },
    });
    expect(posted.status).toBe(201);
    const started = Date.now();
    await thread.getByText('Written on server B: the cabinets ship on Friday.').waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    // The page's API calls all went to A (signed image URLs point at PUBLIC_URL, the proxy, and are not API calls).
    expect([...origins].filter((origin) => origin !== serverA() && origin !== cluster.url)).toEqual([]);
    await context.close();
  });

  it('refuses a session signed out on server A on server B at once', async () => {
    for (let round = 0; round < 3; round++) {
      const signedIn = await call(serverA(), 'POST', '/api/auth/login', { body: DEMO.neighbor });
      expect(signedIn.status).toBe(200);
      const session = (signedIn.body as { token: string }).token;
      // B has verified the session, and keeps it in its session cache for up to a minute.
      expect((await call(serverB(), 'GET', '/api/auth/me', { token: session })).status).toBe(200);
      expect((await call(serverA(), 'POST', '/api/auth/logout', { token: session })).status).toBe(204);
      // On the other process as soon as PostgreSQL's notification of the sign-out reaches it: the next request, or on
      // a loaded machine one a moment later (docs/decisions/058-scale-out-test.md).
      await expect.poll(async () => (await call(serverB(), 'GET', '/api/auth/me', { token: session })).status, { timeout: 2_000, interval: 50 }).toBe(401);
      expect((await call(serverA(), 'GET', '/api/auth/me', { token: session })).status).toBe(401);
    }
  });

  it('counts sign-in attempts on both servers against one limit', async () => {
    // Each server trusts one proxy (TRUST_PROXY=true), so a request on its own port that names a client
    // address in X-Forwarded-For is what nginx would send for that client.
    const attempt = (origin: string, ip: string, email: string) =>
      call(origin, 'POST', '/api/auth/login', { body: { email, password: 'not-the-password' }, headers: { 'x-forwarded-for': ip } });

    // 10 a minute per IP (docs/requirements.md 12.4), alternating A and B: the 11th is refused, on either.
    for (let i = 0; i < 10; i++) {
      expect((await attempt(i % 2 === 0 ? serverA() : serverB(), '198.51.100.7', `guess-${i}@example.com`)).status).toBe(422);
    }
    for (const origin of [serverA(), serverB()]) {
      const refused = await attempt(origin, '198.51.100.7', 'guess-late@example.com');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: 'Too many attempts.' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // 20 an hour per account, from 20 addresses alternating A and B: the 21st is refused.
    for (let i = 0; i < 20; i++) {
      expect((await attempt(i % 2 === 0 ? serverA() : serverB(), `203.0.113.${i + 1}`, 'target@example.com')).status).toBe(422);
    }
    expect((await attempt(serverB(), '203.0.113.99', 'target@example.com')).status).toBe(429);

    // Through nginx, a client cannot pick its address: the one it writes is not the one counted.
    const spoofed = await fetch(`${cluster.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ email: 'someone@example.com', password: 'not-the-password' }),
    });
    expect(spoofed.status).toBe(422);
  });

  it('signs out through the proxy, and neither server takes the token any more', async () => {
    const { context, page } = await signedInPage(cluster.url);
    await page.goto(`/?entity=${KITCHEN}`);
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    for (const origin of [serverA(), serverB()]) expect((await call(origin, 'GET', '/api/auth/me', { token })).status).toBe(401);
    await context.close();
  });

  it("keeps every credential of the suite's URLs out of nginx's access and error logs", async () => {
    // An emailed sign-in link, opened through the proxy. Without SMTP the server that sent it logs the link.
    const signIn = await call(cluster.url, 'POST', '/api/auth/passwordless', { body: { email: DEMO.customer.email } });
    expect(signIn.status).toBeLessThan(300);
    const linkLogged = () =>
      cluster.servers
        .flatMap((server) => server.output().split('\n'))
        .map((line) => /"link":"([^"]+\/auth\/passwordless\/login\?[^"]+)"/.exec(line)?.[1])
        .find(Boolean);
    await expect.poll(linkLogged).toBeTruthy();
    const link = new URL(linkLogged()!);
    secrets.set("the sign-in link's token", link.searchParams.get('token')!);
    const { context, page } = await newPage(browser, { baseURL: cluster.url });
    await page.goto(link.href);
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await context.close();

    // A personal calendar feed, whose secret is a part of its path, as a calendar app fetches it.
    const session = ((await call(cluster.url, 'POST', '/api/auth/login', { body: DEMO.customer })).body as { token: string }).token;
    secrets.set('a second session token', session);
    const feed = await call(cluster.url, 'POST', '/api/account/calendar-feed', { token: session });
    expect(feed.status).toBe(201);
    const feedUrl = (feed.body as { url: string }).url;
    expect(feedUrl.startsWith(`${cluster.url}/api/calendar-feeds/`)).toBe(true);
    secrets.set("the calendar feed's token", /\/calendar-feeds\/([^/.]+)\.ics$/.exec(feedUrl)![1]!);
    const fed = await fetch(feedUrl);
    expect(fed.status).toBe(200);
    // The servers' logs are checked for them too, by the suite's teardown.
    for (const [what, secret] of secrets) recordSecret(`scale-out: ${what}`, secret);

    // nginx has logged the last request (the same id is in its log and in the answer).
    await expect.poll(() => cluster.accessLog()).toContain(`id=${fed.headers.get('x-request-id')}`);
    const access = await cluster.accessLog();
    const error = await cluster.errorLog();
    expect([...secrets.keys()]).toHaveLength(6);
    for (const [name, log] of Object.entries({ access, error })) {
      for (const [what, secret] of secrets) {
        expect(secret.length, what).toBeGreaterThan(10);
        expect(log.includes(secret) || log.includes(encodeURIComponent(secret)), `${what} in nginx's ${name} log`).toBe(false);
      }
      // No query string at all: that is where the tokens and the signatures travel.
      expect(log.match(/[?&](token|sig|exp|aud)=\S*/g), `${name} log`).toBeNull();
    }
    // Each request is there all the same, by its path.
    expect(access).toContain('"GET /api/calendar-feeds/[redacted] HTTP/1.1" 200');
    expect(access).toContain('"GET /auth/passwordless/login HTTP/1.1" 200');
    expect(access).toMatch(/"GET \/api\/files\/\d+(\/download)? HTTP\/1\.1" 200/);
    expect(access).toMatch(/"GET \/api\/images\/\d+ HTTP\/1\.1" 200/);
  });
});
