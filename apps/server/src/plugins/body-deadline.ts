import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors';

/** The same words as Node's own request timeout (plugins/errors.ts): to the client it is the same thing. */
const BODY_TIMEOUT_MESSAGE = 'The request took too long to arrive.';

const hasBody = (request: FastifyRequest) => Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/**
 * REQUEST_TIMEOUT_MS is long (5 minutes) so that a large upload on a slow line can finish. A route anyone may call
 * without signing in (the sign-in, the password reset, an unsubscribe, an address that matches no route) takes a few
 * hundred bytes, so it gets `timeoutMs` to receive its body: a client that dribbles one byte at a time then holds a
 * connection for seconds, not minutes (docs/operations.md, "Slow clients"). Uploads keep the long deadline.
 *
 * The body is passed through a stream of our own that fails with a 408 at the deadline: the body parser hands that
 * to the error handler like any other, which answers in the one error shape, and Fastify closes the connection
 * (a body half read cannot be followed by another request).
 */
export const bodyDeadlinePlugin = fp(
  async (app: FastifyInstance, options: { timeoutMs: number }) => {
    app.addHook('preParsing', async (request, _reply, payload) => {
      const config = request.routeOptions.config;
      const open = request.is404 || config.public === true;
      if (!open || config.upload || !hasBody(request)) return payload;

      const guarded = new PassThrough();
      // Whoever reads the body listens for its errors; this one keeps an error no reader is left to hear (the route
      // answered before reading, or the 408 went first) from becoming an uncaught exception that ends the process.
      guarded.on('error', () => undefined);
      const timer = setTimeout(() => {
        // Not a pipeline: that would destroy the request, and with it the socket the 408 is written to.
        payload.unpipe(guarded);
        request.log.info({ event: 'request.body-timeout', timeoutMs: options.timeoutMs }, 'the request body did not arrive in time');
        guarded.destroy(new HttpError(408, BODY_TIMEOUT_MESSAGE));
      }, options.timeoutMs);
      timer.unref();
      const settle = () => clearTimeout(timer);
      payload.once('end', settle);
      payload.once('close', () => {
        settle();
        // A client gone before its body ended: the parser must hear of it, or the request would wait for ever.
        if (!payload.readableEnded && !guarded.destroyed) guarded.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      });
      // `on`, not `once`: a request can fail twice (the 408, then the client hanging up), and an error event with no
      // listener left is thrown.
      payload.on('error', (error) => {
        settle();
        if (!guarded.destroyed) guarded.destroy(error);
      });
      payload.pipe(guarded);
      return guarded;
    });
  },
  { name: 'body-deadline' },
);
