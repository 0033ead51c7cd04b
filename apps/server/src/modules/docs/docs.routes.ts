import { readFile } from 'node:fs/promises';
import path from 'node:path';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { SERVER_DIR } from '../../lib/server-dir';

const themeDir = path.join(SERVER_DIR, 'src/modules/docs/theme');

/** Everything the page loads comes from this server (its bundle ships in @fastify/swagger-ui): no CDN, works offline. */
const DOCS_CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'";

/**
 * The OpenAPI document at /api/openapi.json and Swagger UI reading it at /api/docs (decision 047). Both public: the
 * document describes routes, never data, and every route still checks its own caller.
 */
export async function docsRoutes(app: FastifyInstance) {
  // Routes of this scope (ours and Swagger UI's own) need no token.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });

  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  );

  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
    theme: {
      title: 'Project portal API',
      css: [{ filename: 'docs.css', content: await readFile(path.join(themeDir, 'docs.css'), 'utf8') }],
      js: [{ filename: 'docs-a11y.js', content: await readFile(path.join(themeDir, 'docs-a11y.js'), 'utf8') }],
    },
    uiConfig: {
      // No top bar (Swagger's logo and a box to load any other document): the page describes this API only.
      layout: 'BaseLayout',
      // Deep links put a link inside each operation's toggle button: two controls in one, which screen readers cannot use.
      deepLinking: false,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: false,
      displayRequestDuration: true,
      // Its colours for JSON examples fall short of 4.5:1 on their dark ground; plain text reads as well.
      syntaxHighlight: false,
    },
  });
}
