import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cross-origin calls from the web app when it is served from another origin (`VITE_API_URL`), and
 * from nowhere else: only the origins in CORS_ORIGINS get an `Access-Control-Allow-Origin`, so a
 * browser refuses every other page's call. The API is called with a bearer token, never a cookie,
 * so no credentials are allowed either. Registered before the /api scope's authentication, so a
 * preflight (which carries no token) is answered without one.
 */
export const corsPlugin = fp(async (app: FastifyInstance, options: { origins: readonly string[] }) => {
  await app.register(cors, {
    origin: [...options.origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    exposedHeaders: ['retry-after', 'content-disposition'],
    credentials: false,
    maxAge: 600,
  });
});
