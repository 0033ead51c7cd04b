import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_WINDOW_MS, idempotencyRepository } from '../core/idempotency/idempotency.repository';
import { HttpError } from '../lib/http-errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency row this request claimed; its answer is stored when it is sent. */
    idempotencyClaim: number | null;
  }
}

const HEADER = 'idempotency-key';
/** Printable ASCII, as the IETF draft and the payment APIs that popularised the header allow; a UUID fits easily. */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** The same request: method, URL and body. A multipart upload streams its body to the handler, so its parts are not compared. */
function requestHash(request: FastifyRequest): string {
  const hash = createHash('sha256').update(request.method).update('\0').update(request.url).update('\0');
  if (!request.isMultipart()) hash.update(JSON.stringify(request.body ?? null));
  return hash.digest('base64url');
}

/**
 * `Idempotency-Key` on the integration API's POSTs (docs/decisions/036-idempotency-keys.md): a CRM that retries
 * a POST with the same key and body gets the first answer again instead of a second record; the same key with
 * another request is refused with 409. Answers are kept 24 hours, per company.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    const keys = idempotencyRepository(app.database.db);
    let purgedAt = 0;
    app.decorateRequest('idempotencyClaim', null);

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'POST' || !request.routeOptions.config.apiKey || !request.integration) return;
      const key = request.headers[HEADER];
      if (key === undefined) return;
      if (typeof key !== 'string' || !KEY_SHAPE.test(key)) {
        throw new HttpError(400, 'The Idempotency-Key header must be 1 to 255 printable characters, given once.');
      }
      const now = app.now();
      if (now.getTime() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = now.getTime();
        await keys.purgeBefore(new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS));
      }
      const claim = await keys.claim(request.integration.company.id, key, requestHash(request), now);
      switch (claim.outcome) {
        case 'claimed':
          request.idempotencyClaim = claim.id;
          return;
        case 'replay':
          reply.status(claim.statusCode).header('idempotent-replayed', 'true');
          if (claim.contentType) reply.header('content-type', claim.contentType);
          return reply.send(claim.body);
        case 'other-request':
          throw new HttpError(409, 'This Idempotency-Key was already used for a different request; use a new key for a new request.');
        case 'in-progress':
          throw new HttpError(409, 'A request with this Idempotency-Key is still running; retry it in a moment.', undefined, { 'retry-after': '1' });
      }
    });

    // The answer leaves as it is stored: the retry gets these very bytes. A failure on our side (5xx) is not kept, so a retry runs again.
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const id = request.idempotencyClaim;
      if (id === null) return payload;
      request.idempotencyClaim = null;
      const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      if (reply.statusCode >= 500 || text === null) {
        await keys.release(id);
      } else {
        const contentType = reply.getHeader('content-type');
        await keys.complete(id, { statusCode: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: text });
      }
      return payload;
    });

    // A client that went away before its answer: the key is released unless the answer was stored.
    app.addHook('onResponse', async (request: FastifyRequest) => {
      const id = request.idempotencyClaim;
      if (id === null) return;
      request.idempotencyClaim = null;
      await keys.release(id);
    });
  },
  { name: 'idempotency', dependencies: ['db', 'clock', 'auth'] },
);
