import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAppRoute, isBot, isSignInPath } from '@portal/contract';
import { notFound } from '../lib/http-errors';

export interface WebPluginOptions {
  /** The built web app (apps/web/dist); skipped when it does not exist. */
  webDist: string;
  /** Logos and other brand files the seed and companies point at. */
  brandDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else revalidated,
 * and index.html for any other GET outside /api so client routes survive a reload; the sign-in pages get
 * sign-in.html, the same app's entry without the router (docs/decisions/089-sign-in-pages-without-the-router.md).
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

    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      wildcard: false,
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
      if (isAppRoute(pathname)) {
        return reply.header('cache-control', 'no-cache').sendFile(isSignInPath(pathname) ? 'sign-in.html' : 'index.html', options.webDist);
      }
      // Not a page of the app: a real 404. People still get the app, which shows its error page;
      // crawlers and link previews get a plain 404 with nothing to render or index.
      if (isBot(request.headers['user-agent'])) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
      return reply.status(404).header('cache-control', 'no-cache').sendFile('index.html', options.webDist);
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
