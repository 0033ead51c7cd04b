#!/usr/bin/env node
/**
 * Records, in a real Chromium, the API requests the web app issues for each page a customer visits,
 * so `npm run bench -- portal` replays exactly those (bench/fixtures/page-requests.json).
 *
 *   node bench/record-page-requests.mjs                  starts a demo server of its own, rewrites the fixture
 *   node bench/record-page-requests.mjs --url=http://…   against a running demo server
 *   node bench/record-page-requests.mjs --out=file.json  writes elsewhere (the e2e check compares it with the fixture)
 *
 * Each page is recorded twice: opened from its address (`load`, the first view of a visit) and reached
 * through the header's link from the project page (`navigate`, every later view). Only requests under
 * `/api/` count, in the order the browser sent them; the demo's ids become placeholders.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURE = path.join(root, 'bench/fixtures/page-requests.json');

/** The pages of a visit, each with the label of its link in the header (null: the project page itself). */
export const PAGES = [
  { page: 'index', path: '/', link: 'Project' },
  { page: 'notes', path: '/notes', link: 'Notes' },
  { page: 'photos', path: '/photos', link: 'Photos' },
  { page: 'invoices', path: '/invoices', link: 'Invoices' },
  { page: 'documents', path: '/documents', link: 'Documents' },
  { page: 'change-orders', path: '/change-orders', link: 'Change orders' },
  { page: 'selections', path: '/selections', link: 'Selections' },
  { page: 'contact', path: '/contact', link: 'Contact' },
];

const CUSTOMER = { email: 'customer@example.com', password: 'portal-demo-1' };
const TOKEN_STORAGE_KEY = 'cc_portal_token';

/**
 * One request as a template: the demo's ids of this visit's entity, company and project become
 * `{entity}`, `{company}`, `{project}`; any other number in the path becomes `{id}` and a signed URL's
 * query `{signed}` (the replay takes those from the answers it got before).
 */
function template(url, ids) {
  const { pathname, searchParams } = new URL(url);
  const segments = pathname.split('/').map((segment) => {
    if (!/^\d+$/.test(segment)) return segment;
    const id = Number(segment);
    if (id === ids.entity) return '{entity}';
    if (id === ids.company) return '{company}';
    if (id === ids.project) return '{project}';
    return '{id}';
  });
  const signed = searchParams.has('sig') || searchParams.has('signature') || searchParams.has('expires');
  const query = [...searchParams].map(([key, value]) => {
    const asNumber = /^\d+$/.test(value) ? Number(value) : null;
    if (asNumber !== null && key === 'entity' && asNumber === ids.entity) return `${key}={entity}`;
    if (asNumber !== null && key === 'company_id' && asNumber === ids.company) return `${key}={company}`;
    if (asNumber !== null && (key === 'entity' || key.endsWith('_id'))) return `${key}={id}`;
    return `${key}=${value}`;
  });
  return signed ? `${segments.join('/')}?{signed}` : `${segments.join('/')}${query.length ? `?${query.join('&')}` : ''}`;
}

async function signIn(url) {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CUSTOMER) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return (await response.json()).token;
}

/** The demo customer's first Acme project (its entity, company and project ids). */
async function pickProject(url, token) {
  const response = await fetch(`${url}/api/entities?include=model`, { headers: { authorization: `Bearer ${token}` } });
  const list = await response.json();
  const entity = list.data.find((each) => each.model?.name === 'Kitchen remodel') ?? list.data[0];
  return { entity: entity.id, company: entity.company_id, project: entity.model_id };
}

/**
 * Collects the `/api/` requests a page sends until none has been pending for `quietMs`. Thumbnails (`/api/images/`)
 * are left out: their URLs are signed per answer, the browser keeps them (`immutable`), the portal bench does not
 * replay them (the photos bench measures the image proxy), and how many a page fetches before it settles depends on
 * the moment (lazy images entering the viewport).
 */
function listen(page) {
  const seen = [];
  let pending = 0;
  let last = Date.now();
  const isApi = (request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith('/api/') && !pathname.startsWith('/api/images/');
  };
  page.on('request', (request) => {
    if (!isApi(request)) return;
    seen.push({ method: request.method(), url: request.url() });
    pending += 1;
    last = Date.now();
  });
  const done = (request) => {
    if (!isApi(request)) return;
    pending -= 1;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    take: () => seen.splice(0),
    /** Waits for the page's own requests: the network idle, then no `/api/` request for `quietMs`. */
    async settled(quietMs = 1500) {
      await page.waitForLoadState('networkidle');
      last = Math.max(last, Date.now());
      while (pending > 0 || Date.now() - last < quietMs) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

export async function recordPageRequests(url, { executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium' } = {}) {
  if (!existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath} (set CHROMIUM_PATH).`);
  const token = await signIn(url);
  const ids = await pickProject(url, token);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  const pages = {};
  try {
    for (const { page: name, path: pagePath, link } of PAGES) {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, token]);
      const page = await context.newPage();
      const requests = listen(page);
      const target = `${pagePath}?entity=${ids.entity}`;
      // Opened from its address: the first view of a visit.
      await page.goto(target);
      await requests.settled();
      const load = requests.take();
      // Reached through the header from the project page: every later view.
      // (The notes page is full screen, without the header: the project page is left for contact.)
      await page.goto(name === 'index' ? `/contact?entity=${ids.entity}` : `/?entity=${ids.entity}`);
      await requests.settled();
      requests.take();
      await page.getByRole('navigation', { name: 'Portal areas' }).getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL((current) => current.pathname === pagePath);
      await requests.settled(2500);
      const navigate = requests.take();
      await context.close();
      pages[name] = {
        path: `${pagePath}?entity={entity}`,
        load: load.map((request) => `${request.method} ${template(request.url, ids)}`),
        navigate: navigate.map((request) => `${request.method} ${template(request.url, ids)}`),
      };
    }
  } finally {
    await browser.close();
  }
  return { note: 'Recorded by bench/record-page-requests.mjs from the real app in Chromium; do not edit by hand.', pages };
}

// ---------------------------------------------------------------------------------------------

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The real server on the demo seed and a fresh data folder, as `npm start` runs it (the web app built). */
async function startDemoServer() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-record-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '100' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not start in 90 s');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (key) => process.argv.find((each) => each.startsWith(`--${key}=`))?.slice(key.length + 3);
  const out = arg('out') ?? FIXTURE;
  const server = arg('url') ? null : await startDemoServer();
  try {
    const recorded = await recordPageRequests(arg('url') ?? server.url);
    await writeFile(out, `${JSON.stringify(recorded, null, 2)}\n`);
    console.log(`${path.relative(root, out)}: ${Object.keys(recorded.pages).length} pages recorded.`);
  } finally {
    await server?.stop();
  }
}
