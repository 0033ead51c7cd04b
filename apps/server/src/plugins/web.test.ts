import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

const INDEX = '<!doctype html><html><head><title>Project portal</title></head><body><div id="root"></div></body></html>';
const SIGN_IN =
  '<!doctype html><html><head><title>Project portal</title><script type="module" src="/assets/sign-in.js"></script></head><body><div id="root"></div></body></html>';
// The build's /login: the sign-in entry with the page drawn in and one inline script, which its policy must allow.
const SIGNED_IN_SCRIPT = 'document.documentElement.setAttribute("data-signed-in","")';
const LOGIN = `<!doctype html><html><head><script>${SIGNED_IN_SCRIPT}</script><script type="module" src="/assets/sign-in.js"></script></head><body><div id="root"><h1>Sign in</h1></div></body></html>`;
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let webDist: string;
let t: TestApp;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  await writeFile(path.join(webDist, 'sign-in.html'), SIGN_IN);
  await writeFile(path.join(webDist, 'login.html'), LOGIN);
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), ASSET);
  await writeFile(path.join(webDist, 'version.json'), '{"build":"abc"}');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

describe('serving the web app', () => {
  it.each([
    ['/', INDEX],
    ['/login', LOGIN],
    ['/login/', LOGIN],
    ['/auth/passwordless/login', SIGN_IN],
    ['/auth/passwordless/login/', SIGN_IN],
    ['/forgot-password', INDEX],
    ['/notes', INDEX],
    ['/photos', INDEX],
    ['/contact', INDEX],
    ['/invoices', INDEX],
    ['/documents', INDEX],
    ['/account/sessions', INDEX],
    ['/staff/login', INDEX],
    ['/staff/projects/12', INDEX],
  ])('answers the app for its page %s (the sign-in pages with their own entry), revalidated every time, with a content security policy', async (url, page) => {
    const response = await t.app.inject({ url: `${url}?entity=1`, headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(page);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('lets /login run its one inline script, by its hash, and no other page any inline script', async () => {
    const hash = createHash('sha256').update(SIGNED_IN_SCRIPT).digest('base64');
    const login = await t.app.inject({ url: '/login', headers: { 'user-agent': BROWSER } });
    expect(login.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
    for (const url of ['/auth/passwordless/login', '/', '/staff/login', '/no-such-page']) {
      const response = await t.app.inject({ url, headers: { 'user-agent': BROWSER } });
      expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    }
  });

  it.each(['/login.html', '/sign-in.html', '/index.html'])('has no page of its own at the file address %s: its policy goes with its page', async (url) => {
    const response = await t.app.inject({ url, headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX);
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('answers HEAD /login with the same policy as GET', async () => {
    const get = await t.app.inject({ url: '/login', headers: { 'user-agent': BROWSER } });
    const head = await t.app.inject({ method: 'HEAD', url: '/login', headers: { 'user-agent': BROWSER } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-security-policy']).toBe(get.headers['content-security-policy']);
  });

  it('answers 404 for a path that is no page of the app, still with the app so it can show its error page', async () => {
    const response = await t.app.inject({ url: '/no-such-page', headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX);
  });

  it.each(['/staff/projects/012', '/staff/projects/abc', '/staff/projects/1/unknown'])('answers 404 for %s, which names no record page', async (url) => {
    const response = await t.app.inject({ url, headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(404);
  });

  it.each(['Googlebot/2.1 (+http://www.google.com/bot.html)', 'facebookexternalhit/1.1', 'Slackbot-LinkExpanding 1.0', 'Twitterbot/1.0'])(
    'gives the bot %s a plain 404 with no app to render',
    async (userAgent) => {
      const response = await t.app.inject({ url: '/no-such-page', headers: { 'user-agent': userAgent } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).not.toContain('<html');
    },
  );

  it('serves hashed assets as immutable for a year, compressed', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('keeps /api answers JSON: an unknown API path is a JSON 404, never the app', async () => {
    const response = await t.app.inject({ url: '/api/nope', headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('serves the build manifest the app polls, never cached', async () => {
    const response = await t.app.inject({ url: '/version.json' });
    expect(response.json()).toEqual({ build: 'abc' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
