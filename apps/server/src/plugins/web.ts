import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isAppRoute, isBot, isLoginPath, isSignInPath } from '@portal/contract';
import { appContentSecurityPolicy, inlineScriptHashes } from '../lib/content-security-policy';
import { notFound } from '../lib/http-errors';

export interface WebPluginOptions {
  /** The built web app (apps/web/dist); skipped when it does not exist. */
  webDist: string;
  /** Logos and other brand files the seed and companies point at. */
  brandDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The app's HTML files: the full app, the sign-in entry, and `/login` drawn into the sign-in entry by the build. */
const PAGES = ['index.html', 'sign-in.html', 'login.html'] as const;
type Page = (typeof PAGES)[number];

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else revalidated,
 * and index.html for any other GET outside /api so client routes survive a reload; the sign-in pages get
 * sign-in.html, the same app's entry without the router (docs/decisions/089-sign-in-pages-without-the-router.md), and
 * `/login` the build's login.html, that entry with the page already in it
 * (docs/decisions/105-the-sign-in-page-drawn-in-its-html.md).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebPluginOptions) => {
    await app.register(fastifyStatic, {
      root: options.brandDir,
      prefix: '/brand/',
      decorateReply: false,
      wildcard: false,
      maxAge: '1d',
    });

    const indexHtml = path.join(options.webDist, 'index.html');
    if (!existsSync(indexHtml)) {
      app.log.warn({ webDist: options.webDist }, 'the web app is not built: serving the API only');
      return;
    }

    // A page's inline scripts run by their hashes, read from the built files when the server starts (a new build is
    // served by a new start); a page without one keeps the policy every HTML answer gets (plugins/security-headers.ts).
    const policies = new Map<Page, string>();
    const built = new Set<Page>();
    for (const page of PAGES) {
      const file = path.join(options.webDist, page);
      if (!existsSync(file)) continue;
      built.add(page);
      const hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
      if (hashes.length > 0) policies.set(page, appContentSecurityPolicy(hashes));
    }
    const pageFor = (pathname: string): Page => {
      if (!isSignInPath(pathname)) return 'index.html';
      return isLoginPath(pathname) && built.has('login.html') ? 'login.html' : 'sign-in.html';
    };
    const sendPage = (reply: FastifyReply, page: Page) => {
      const policy = policies.get(page);
      if (policy) reply.header('content-security-policy', policy);
      return reply.header('cache-control', 'no-cache').sendFile(page, options.webDist);
    };

    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      wildcard: false,
      // The pages go out only through the routes below, each with its own policy: never as files at their own addresses.
      globIgnore: PAGES.flatMap((page) => [page, `${page}.br`, `${page}.gz`]),
      // The build writes .br and .gz beside each asset, so nothing is compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(options.webDist, filePath);
        res.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound();
      if (isAppRoute(pathname)) return sendPage(reply, pageFor(pathname));
      // Not a page of the app: a real 404. People still get the app, which shows its error page;
      // crawlers and link previews get a plain 404 with nothing to render or index.
      if (isBot(request.headers['user-agent'])) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      return sendPage(reply.status(404), 'index.html');
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
