import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectNoAxeViolations, newPage } from './support/page';
import { signedInContext } from './support/auth';
import { launchChromium } from './support/chromium';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const ACME_COLOR = '#c2410c';
const portalColor = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--portal-color').trim());
const query = (page: Page) => new URL(page.url()).searchParams;

/** Every API call the page makes, as path and query. */
function recordApiCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
  });
  return calls;
}

/** From now on, the page's requests; the function returned waits until none of them is on its way. */
function trackRequests(page: Page) {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => expect.poll(() => open.size).toBe(0);
}

describe('entity and company_id given as "null", "undefined" or empty count as missing', () => {
  it.each([
    ['/notes', 'entity=null', 'Pick a project first'],
    ['/photos', 'entity=undefined&company_id=', 'Pick a project first'],
    ['/invoices', 'entity=&company_id=null', 'Pick a project first'],
    ['/documents', 'company_id=undefined&entity=null', 'Pick a project first'],
    ['/', 'entity=null&company_id=null', 'Your projects'],
    ['/contact', 'entity=undefined', 'Contact'],
    ['/account/sessions', 'entity=null&company_id=undefined', 'Signed-in devices'],
  ])('%s?%s: no call with them, the page asks for a project, the theme stays', async (path, missing, heading) => {
    const { context, page, consoleErrors } = await newPage(browser);
    await signedInContext(context);
    const calls = recordApiCalls(page);
    await page.goto(`${path}?${missing}&theme=acme`);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    await expect.poll(() => portalColor(page)).toBe(ACME_COLOR);

    expect(new URL(page.url()).pathname).toBe(path);
    expect(query(page).get('theme')).toBe('acme');
    expect(calls.filter((call) => /null|undefined|\/(entities|companies)\/(\?|$)|(entity|company_id)=(&|$)/.test(call))).toEqual([]);
    // The way to a project keeps the company's theme.
    if (heading === 'Pick a project first') {
      await page.getByRole('link', { name: 'Choose one of your projects' }).click();
      await page.getByRole('heading', { level: 1, name: 'Your projects' }).waitFor();
      expect(query(page).get('theme')).toBe('acme');
    }
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a session that expires while the portal is open', () => {
  it('says so once, with the server message, on a sign-in page that keeps the company branding', async () => {
    const { context, page } = await newPage(browser);
    const token = await signedInContext(context);
    await page.goto('/?entity=1&theme=acme');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();

    // Signed out elsewhere: the notes page then asks for three things at once, each refused.
    const revoked = await fetch(`${baseURL()}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(204);
    const allAnswered = trackRequests(page);
    await page.getByRole('navigation', { name: 'Portal areas' }).getByRole('link', { name: 'Notes' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await allAnswered();

    const toasts = page.getByRole('region', { name: /Notification/ }).getByRole('listitem');
    await toasts.first().waitFor();
    expect(await toasts.count()).toBe(1);
    expect(await toasts.first().innerText()).toMatch(/^Error\s+Unauthenticated\.$/);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(query(page).get('theme')).toBe('acme');
    await page.getByText('Acme Builders', { exact: true }).waitFor();
    await expect.poll(() => portalColor(page)).toBe(ACME_COLOR);
    // The loading bar of the move to /login has gone.
    await page.getByRole('progressbar', { name: 'Page loading' }).waitFor({ state: 'hidden' });
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe('error pages inside a branded portal', () => {
  it('a query that fails validation: the 404 page under the header and colour bar, in the theme colour', async () => {
    const { context, page } = await newPage(browser);
    await signedInContext(context);
    await page.goto('/invoices?entity=abc&theme=acme');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found: /invoices' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Acme Builders' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Portal areas' }).isVisible()).toBe(true);
    expect(await page.getByTestId('color-bar').isVisible()).toBe(true);
    await expect.poll(() => portalColor(page)).toBe(ACME_COLOR);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Back to your projects' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your projects' }).waitFor();
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe('/?theme=acme');
    await context.close();
  });

  it("an unknown page with a project picked: the portal's header, in the company colour", async () => {
    const { context, page } = await newPage(browser, { width: 375 });
    await signedInContext(context);
    await page.goto('/no-such-page?entity=1');
    await page.getByText('Page not found', { exact: true }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Acme Builders' }).waitFor();
    await expect.poll(() => portalColor(page)).toBe(ACME_COLOR);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

// docs/decisions/090-index-reads-beside-the-context-check.md and 092-project-pages-read-beside-the-context-check.md
describe("a page's first reads beside the context check", () => {
  // `reads`: the paths of the page's first reads; the first must be asked for before the check answers.
  const pages = [
    { path: '/?entity=1', reads: ['/api/entities'], heading: 'Kitchen remodel' },
    { path: '/notes?entity=1', reads: ['/api/notes'], heading: 'Kitchen remodel' },
    { path: '/photos?entity=1', reads: ['/api/entities/1/albums'], heading: 'Photos' },
    { path: '/invoices?entity=1', reads: ['/api/entities/1/invoices', '/api/entities/1/invoices/summary'], heading: 'Invoices' },
    { path: '/documents?entity=1', reads: ['/api/entities/1/documents'], heading: 'Documents' },
  ];

  it.each(pages)('$path asks for its data while the check of the picked project is still on its way', async ({ path, reads, heading }) => {
    const { context, page } = await newPage(browser);
    await signedInContext(context);
    // The check goes on to the real server, a second late: time enough to see what the page asks for meanwhile.
    const check = /\/api\/entities\/1\?include=model%2Ccompany$/;
    await page.route(check, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const events: string[] = [];
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === reads[0]) events.push('data asked');
      if (reads.includes(url.pathname)) asked.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    page.on('requestfinished', (request) => {
      if (check.test(request.url())) events.push('check answered');
    });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(events.slice(0, 2)).toEqual(['data asked', 'check answered']);
    // The page finds its data in the cache: each read is asked for once.
    expect(new Set(asked).size).toBe(asked.length);
    await context.close();
  });
});

// docs/decisions/096-the-portal-chunk.md
describe("a signed-in page's code", () => {
  it('comes with the page: the portal’s code and TanStack Query are asked for beside the entry, not after it runs', async () => {
    const { context, page } = await newPage(browser);
    await signedInContext(context);
    // The entry answers half a second late: a chunk only the entry's code asks for is asked for after that.
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const order: string[] = [];
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop()!;
      if (!file.endsWith('.js')) return;
      scripts.add(file);
      if (/^(portal|query)-/.test(file)) order.push(`asked for ${file.split('-')[0]}`);
    });
    page.on('requestfinished', (request) => {
      if (/\/assets\/main-[\w-]+\.js$/.test(request.url())) order.push('entry answered');
    });
    await page.goto('/?entity=1');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    expect(order.indexOf('entry answered')).toBe(2);
    expect(order.slice(0, 2).sort()).toEqual(['asked for portal', 'asked for query']);
    // The layout, the context check and the index page in a dozen files at most, where there were three dozen.
    expect(scripts.size).toBeLessThanOrEqual(12);
    await context.close();
  });
});

// docs/decisions/097-the-context-check-once-per-page-load.md
describe('the context check', () => {
  it('is asked for once when a page opens, and again for a page reached later', async () => {
    const { context, page } = await newPage(browser);
    await signedInContext(context);
    const checks: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/entities\/1\?include=model%2Ccompany$/.test(request.url())) checks.push(new URL(page.url()).pathname);
    });
    await page.goto('/?entity=1');
    await page.getByRole('heading', { level: 1, name: 'Kitchen remodel' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(checks).toHaveLength(1);

    // A while later: what the company changed meanwhile (a switch, the project's status) is read again.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await page.getByRole('navigation', { name: 'Portal areas' }).getByRole('link', { name: 'Photos', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Photos' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(checks).toHaveLength(2);
    await context.close();
  });
});
