import { ERROR_MESSAGES, type ApiError } from '@portal/contract';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';
import { plain } from '../lib/list-query';

/** Fastify's own client errors, told apart by code, each with a message a person can act on. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: ERROR_MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: ERROR_MESSAGES.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: ERROR_MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: ERROR_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request content length is wrong.' },
  FST_ERR_BAD_URL: { status: 400, message: 'The request address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The request address is too long.' },
};

/** What a 4xx that none of the above names says: never the framework's own message, which may echo the request. */
const GENERIC_CLIENT_ERROR = 'The request could not be understood.';

const JSON_TYPE = 'application/json; charset=utf-8';

/** NUL and the other control characters: no path or query value of ours ever holds one. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function decodedUrl(url: string): string | null {
  try {
    return decodeURIComponent(url.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * Fastify's router refuses some addresses before any hook runs (a `%ff` in the path, a parameter
 * over `maxParamLength`): the app passes this as `frameworkErrors`, so they leave in the one shape.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[error.code] ?? { status: 400, message: GENERIC_CLIENT_ERROR };
  return reply
    .status(known.status)
    .type(JSON_TYPE)
    .send({ message: known.message } satisfies ApiError);
}

/** Node's HTTP parser refuses a request before Fastify sees it (headers over 16 KB, a broken chunked body, a timeout). */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive.' },
};

/** Passed as Fastify's `clientErrorHandler`: the raw answer Node would give, in the API's one error shape. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, reason: 'Bad Request', message: GENERIC_CLIENT_ERROR };
  const body = JSON.stringify({ message: known.message } satisfies ApiError);
  socket.end(
    `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * What a request's stream raises when its client goes away before the request is complete (a closed tab, a
 * cancelled upload, a dropped network): the client's doing, so it is logged at info without a stack, never as a
 * server error. Only when the client's connection is really gone: an ECONNRESET from the database or the bucket,
 * with the client still there, stays a 500.
 */
const HANG_UP_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

function clientHungUp(error: FastifyError, request: FastifyRequest): boolean {
  const raw = request.raw;
  const gone = raw.socket?.destroyed === true || (raw.destroyed && !raw.complete);
  return gone && (HANG_UP_CODES.has(error.code) || error.message === 'aborted');
}

function validationErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      if (issue.keyword === 'unrecognized_keys') {
        // zod's message quotes every key the caller sent: name a field only when its name is plain, never echo the rest.
        const prefix = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        for (const key of (issue.params as { keys?: string[] }).keys ?? []) {
          if (plain(key)) (errors[prefix ? `${prefix}.${key}` : key] ??= []).push('This field is not allowed.');
          else if (!errors[prefix || '_']?.includes('A field is not allowed.')) (errors[prefix || '_'] ??= []).push('A field is not allowed.');
        }
        continue;
      }
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (issue.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') || '_';
      (errors[field] ??= []).push(issue.message ?? 'is invalid');
    }
  }
  return errors;
}

/**
 * One error handler for the whole API: every error leaves in one JSON shape, a message passes
 * through only below 500, and no stack trace ever reaches a client.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status: number;
      let body: ApiError;

      if (clientHungUp(error, request)) {
        // Nobody reads the answer; it is sent all the same so that the request ends and its hooks run.
        request.log.info({ event: 'request.client-gone', code: error.code }, 'the client closed the connection before the request was complete');
        return reply
          .status(400)
          .type(JSON_TYPE)
          .send({ message: 'The request was cut short.' } satisfies ApiError);
      }

      if (error instanceof HttpError) {
        status = error.statusCode;
        body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
        if (error.headers) void reply.headers(error.headers);
      } else if (error.validation) {
        // A bad query or path is a bad request; a body that parses but breaks the rules is unprocessable.
        status = error.validationContext === 'body' ? 422 : 400;
        body = { message: ERROR_MESSAGES.invalid, errors: validationErrors(error) };
      } else if (error.code && FRAMEWORK_ERRORS[error.code]) {
        const known = FRAMEWORK_ERRORS[error.code]!;
        status = known.status;
        body = { message: known.message };
      } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        body = { message: GENERIC_CLIENT_ERROR };
      } else {
        status = 500;
        body = { message: ERROR_MESSAGES.serverError };
      }

      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, code: error.code, message: error.message }, 'request refused');

      return reply.status(status).type(JSON_TYPE).send(body);
    });

    // Before routing, parsing or any query: a control character in the path or the query (a NUL would reach the
    // database as an error) is a bad request, whatever the route.
    app.addHook('onRequest', async (request, reply) => {
      const url = decodedUrl(request.url);
      if (url === null) return frameworkErrorHandler({ code: 'FST_ERR_BAD_URL' } as FastifyError, request, reply);
      if (CONTROL_CHARACTERS.test(url)) {
        return reply
          .status(400)
          .type(JSON_TYPE)
          .send({ message: 'The request address may not contain control characters.' } satisfies ApiError);
      }
    });

    app.setNotFoundHandler((request, reply) =>
      reply
        .status(404)
        .type('application/json; charset=utf-8')
        .send({ message: ERROR_MESSAGES.notFound } satisfies ApiError),
    );
  },
  { name: 'errors' },
);
