import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const pageDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'page');

/**
 * The OpenAPI document and a page that renders it. Both public, and the page is self-contained:
 * its script and styles come from this server, never from a CDN, so the docs work offline.
 */
export async function docsRoutes(app: FastifyInstance) {
  const [html, script, styles] = await Promise.all(
    ['index.html', 'docs.js', 'docs.css'].map((name) => readFile(path.join(pageDir, name), 'utf8')),
  );
  const open = { config: { public: true }, schema: { hide: true } } as const;

  app.get('/openapi.json', open, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  );
  app.get('/docs', open, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
      .type('text/html; charset=utf-8')
      .send(html),
  );
  app.get('/docs/docs.js', open, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script),
  );
  app.get('/docs/docs.css', open, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(styles),
  );
}
