#!/usr/bin/env node
/**
 * Page weight (docs/requirements.md 17.2): for every portal page, the JavaScript and CSS a first visit fetches before the
 * page is usable (the entry, its modulepreloads and the lazy chunks the route loads), gzip -9 of the built files, against
 * an empty Vite React page built in the same run with the same tools; and Lighthouse (mobile and desktop) on /login, /
 * and the notes page against that empty page. Each Lighthouse report is kept in bench/.results/lighthouse-*.json.
 *
 *   node bench/page-weight.mjs            build both, measure, print
 *   npm run bench -- page-weight          the same
 *   node bench/page-weight.mjs --write    also rewrite the figures in bench/README.md
 *   node bench/page-weight.mjs --no-lighthouse
 *   node bench/page-weight.mjs --files     also list each page's files with their gzip size
 *   node bench/page-weight.mjs --only=signed,notes  Lighthouse on the empty page and on the pages whose name holds one of these
 *   node bench/page-weight.mjs --runs=5    Lighthouse five times per page and form factor: one run's score moves by a
 *                                          point from run to run here, so a standing is read from several
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildEmptyReactPage } from './support/empty-react-page.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench/.results');
await mkdir(resultsDir, { recursive: true });
const write = process.argv.includes('--write');
const withLighthouse = !process.argv.includes('--no-lighthouse');
const listFiles = process.argv.includes('--files');
const runsArgument = process.argv.find((argument) => argument.startsWith('--runs='));
const lighthouseRuns = runsArgument ? Number(runsArgument.slice('--runs='.length)) : 1;
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1) throw new Error(`--runs wants a whole number of runs, not ${runsArgument}`);
const onlyArgument = process.argv.find((argument) => argument.startsWith('--only='));
const only = onlyArgument?.slice('--only='.length).split(',');
// The README's table is every page's: a run over some of them would write the others out of it.
if (only && write) throw new Error('--only measures some pages; --write wants them all');
const kb = (bytes) => Number((bytes / 1024).toFixed(1));

/** The pages measured: each opened on a first visit (an empty cache), signed in or not. */
const PAGES = [
  { name: '/login', path: '/login' },
  { name: '/auth/passwordless/login', path: '/auth/passwordless/login?token=bench' },
  { name: '/ (signed in, a project picked)', path: '/?entity=1', signedIn: true },
  { name: '/notes', path: '/notes?entity=1', signedIn: true },
  { name: '/photos', path: '/photos?entity=1', signedIn: true },
  { name: '/invoices', path: '/invoices?entity=1', signedIn: true },
  { name: '/documents', path: '/documents?entity=1', signedIn: true },
  { name: '/contact', path: '/contact?entity=1', signedIn: true },
  { name: '/proposals', path: '/proposals?entity=1', signedIn: true },
  { name: '/calendar', path: '/calendar?entity=1', signedIn: true },
  { name: '/account', path: '/account?entity=1', signedIn: true },
];

const gzipSizes = new Map();
async function gzipSize(file) {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(await readFile(file), { level: 9 }).length);
  return gzipSizes.get(file);
}

/**
 * Opens a page in a fresh browser context (nothing cached) and sums, gzip -9 of the built files, the scripts and style
 * sheets the browser fetched until the network went quiet with the page's main landmark shown: what a first visit
 * needs before the page is usable.
 */
async function firstLoad(browser, origin, dist, { path: pagePath, token }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token) await context.addInitScript((value) => localStorage.setItem('cc_portal_token', value), token);
  const page = await context.newPage();
  const files = new Set();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && /\.(js|css)$/.test(url.pathname)) files.add(url.pathname);
  });
  await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
  await page.getByRole('main').first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  let js = 0;
  let css = 0;
  if (listFiles) console.log(pagePath);
  for (const file of files) {
    const size = await gzipSize(path.join(dist, file));
    if (listFiles) console.log(`  ${kb(size).toFixed(1).padStart(6)} ${file}`);
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { files: files.size, js, css, total: js + css };
}

function serveStatic(dist) {
  return new Promise((resolve) => {
    const server = createServer(async (request, response) => {
      const file = path.join(dist, new URL(request.url, 'http://x').pathname.replace(/^\/$/, '/index.html'));
      try {
        const body = await readFile(file);
        response.writeHead(200, {
          'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html',
          'content-encoding': 'gzip',
        });
        response.end(gzipSync(body));
      } catch {
        response.writeHead(404).end();
      }
    });
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` }));
  });
}

async function startPortal() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-weight-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', RATE_LIMIT_MULTIPLIER: '100' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Empties the HTTP cache of the browser at `port`, keeping its storage (the sign-in token). */
async function clearHttpCache(chromium, port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const session = await page.context().newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

async function lighthouseScores(targets) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const { chromium } = await import('playwright-core');
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    userDataDir,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const results = [];
  try {
    for (const target of targets) {
      if (target.token) {
        // Sign in the way the app does: the token in localStorage, set in this same browser profile.
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const page = await browser.contexts()[0].newPage();
        await page.goto(`${target.origin}/login`);
        await page.evaluate((token) => localStorage.setItem('cc_portal_token', token), target.token);
        await page.close();
        await browser.close();
      }
      for (const formFactor of ['mobile', 'desktop'])
        for (let run = 1; run <= lighthouseRuns; run++) {
          const config = formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
          // Lighthouse keeps the browser's storage for a signed-in page, its HTTP cache included: without this, every run
          // after the first (and the first too, for what the sign-in above loaded) measured a repeat visit, not a first one.
          if (target.token) await clearHttpCache(chromium, chrome.port);
          // A run Lighthouse could not measure (now and then NO_FCP or NO_LCP on this machine) is run again, twice at most.
          let runner;
          for (let attempt = 1; ; attempt++) {
            runner = await lighthouse(
              target.url,
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance', 'accessibility'],
                disableStorageReset: Boolean(target.token),
              },
              config,
            );
            if (!runner.lhr.runtimeError || attempt === 3) break;
            console.warn(`Lighthouse could not measure ${target.name} (${formFactor}): ${runner.lhr.runtimeError.code}; running it again`);
          }
          const { categories, audits } = runner.lhr;
          // The whole report, for the critical chain and the LCP's phases behind a score (open it in Lighthouse's viewer).
          await writeFile(
            path.join(
              resultsDir,
              `lighthouse-${target.name.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'index'}-${formFactor}${lighthouseRuns > 1 ? `-${run}` : ''}.json`,
            ),
            JSON.stringify(runner.lhr),
          );
          results.push({
            page: target.name,
            formFactor,
            run,
            performance: Math.round(categories.performance.score * 100),
            accessibility: Math.round(categories.accessibility.score * 100),
            lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
            tbtMs: Math.round(audits['total-blocking-time'].numericValue),
            fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
          });
        }
    }
  } finally {
    await chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------

const loadBefore = os.loadavg()[0];
console.log('Building the portal and an empty React page…');
await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited ${code}`))));
});
const empty = await buildEmptyReactPage();
const portalDist = path.join(root, 'apps/web/dist');

const portal = await startPortal();
const { server: emptyServer, url: emptyUrl } = await serveStatic(empty.dist);
const weights = [];
let lighthouseResults = [];
try {
  const login = await fetch(`${portal.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'customer@example.com', password: 'portal-demo-1' }),
  });
  const { token } = await login.json();

  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const emptyLoad = await firstLoad(browser, emptyUrl, empty.dist, { path: '/' });
    weights.push({ page: 'empty React page', ...emptyLoad });
    for (const target of PAGES) {
      const load = await firstLoad(browser, portal.url, portalDist, { path: target.path, token: target.signedIn ? token : undefined });
      weights.push({ page: target.name, ...load, overEmpty: load.total - emptyLoad.total });
    }
  } finally {
    await browser.close();
  }
  console.table(
    weights.map((w) => ({
      page: w.page,
      files: w.files,
      jsKb: kb(w.js),
      cssKb: kb(w.css),
      totalKb: kb(w.total),
      overEmptyKb: w.overEmpty === undefined ? '' : kb(w.overEmpty),
    })),
  );

  if (withLighthouse) {
    const measured = [
      { name: '/login', url: `${portal.url}/login`, origin: portal.url },
      { name: '/ (signed in, a project picked)', url: `${portal.url}/?entity=1`, origin: portal.url, token },
      { name: '/notes', url: `${portal.url}/notes?entity=1`, origin: portal.url, token },
    ].filter((target) => only === undefined || only.some((part) => target.name.includes(part)));
    lighthouseResults = await lighthouseScores([{ name: 'empty React page', url: emptyUrl, origin: emptyUrl }, ...measured]);
    console.table(lighthouseResults);
  }
} finally {
  emptyServer.close();
  await portal.stop();
}
await rm(empty.dir, { recursive: true, force: true });

await writeFile(path.join(resultsDir, 'page-weight.json'), JSON.stringify({ at: new Date().toISOString(), weights, lighthouse: lighthouseResults }, null, 2));

const LIMIT_KB = 25;
const over = weights.filter((w) => w.overEmpty !== undefined && kb(w.overEmpty) > LIMIT_KB);
console.log(over.length === 0 ? `Every page is within ${LIMIT_KB} KB gzip of the empty page.` : `Over ${LIMIT_KB} KB: ${over.map((w) => w.page).join(', ')}`);

if (write) {
  const readmePath = path.join(root, 'bench/README.md');
  const readme = await readFile(readmePath, 'utf8');
  const weightRows = weights
    .map((w) => `| ${w.page} | ${w.files} | ${kb(w.js)} | ${kb(w.css)} | ${kb(w.total)} | ${w.overEmpty === undefined ? '' : `**${kb(w.overEmpty)}**`} |`)
    .join('\n');
  // One row per page and form factor: each run's score, and the range of its paints and blocking time.
  const range = (values) => (Math.min(...values) === Math.max(...values) ? `${values[0]}` : `${Math.min(...values)}–${Math.max(...values)}`);
  const groups = new Map();
  for (const r of lighthouseResults) {
    const key = `${r.page}\u0000${r.formFactor}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const rows = [...groups.values()]
    .map((runs) => {
      const [{ page, formFactor }] = runs;
      const scores = runs.map((r) => r.performance).join(', ');
      return `| ${page} | ${formFactor} | ${scores} | ${range(runs.map((r) => r.accessibility))} | ${range(runs.map((r) => r.fcpMs))} | ${range(runs.map((r) => r.lcpMs))} | ${range(runs.map((r) => r.tbtMs))} |`;
    })
    .join('\n');
  const load = `1-minute load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
  const section = `<!-- page-weight:start -->
Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores, ${load}), \`node bench/page-weight.mjs --write\`.

What a first visit (an empty cache) fetches before each page is usable, gzip -9 of the built files; signed-in pages on
the demo, a project picked. Target: at most ${LIMIT_KB} KB over the empty page.

| page | files | JS KB | CSS KB | total KB | over the empty page KB |
|---|---|---|---|---|---|
${weightRows}

Lighthouse, ${lighthouseRuns === 1 ? 'one run' : `${lighthouseRuns} runs`} per page and form factor (\`--runs=N\`):

| page | form factor | performance | accessibility | FCP ms | LCP ms | TBT ms |
|---|---|---|---|---|---|---|
${rows}
<!-- page-weight:end -->`;
  const next = readme.includes('<!-- page-weight:start -->')
    ? readme.replace(/<!-- page-weight:start -->[\s\S]*<!-- page-weight:end -->/, section)
    : `${readme.trimEnd()}\n\n## Page weight and Lighthouse\n\n\`\`\`sh\nnode bench/page-weight.mjs --write\n\`\`\`\n\n${section}\n`;
  await writeFile(readmePath, next);
}
