import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appContentSecurityPolicy } from '../lib/content-security-policy';

/** The policy of an app page with no inline script: the others' set their own (plugins/web.ts). */
const APP_CONTENT_SECURITY_POLICY = appContentSecurityPolicy();

/** A year: browsers that saw the portal over HTTPS never try plain HTTP for it again. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries; the app's HTML also gets its content security policy. `https`: the
 * portal's public address is HTTPS (PUBLIC_URL), so every answer also tells the browser to keep to it.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { https: boolean }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (options.https) reply.header('strict-transport-security', HSTS);
      reply.header('x-content-type-options', 'nosniff');
      // Sign-in links carry a token in their query: no page of ours ever leaks its address.
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin');
      // API answers depend on who asks (a user's projects, a company's key): no shared cache, and no copy on the
      // device either, unless a route says otherwise (signed files and images say how long they may be kept).
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', APP_CONTENT_SECURITY_POLICY);
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
