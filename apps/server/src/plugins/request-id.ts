import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a proxy's id may look like (nginx's `$request_id` is 32 hex digits; a UUID fits): nothing a log could misread. */
const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Every request's id (docs/operations.md, "Logs"): the one a proxy in front sent as `X-Request-Id` when it looks like
 * an id, else a new UUID. It is on every log line of the request and sent back in `X-Request-Id`, so an operator can
 * follow one customer's report from the proxy's log to ours.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id' },
);
