import { ERROR_MESSAGES, type ApiError } from '@portal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';

/** Fastify's own client errors, told apart by code, each with a message a person can act on. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: ERROR_MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: ERROR_MESSAGES.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: ERROR_MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: ERROR_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request content length is wrong.' },
};

function validationErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (issue.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') || '_';
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
        body = { message: error.message };
      } else {
        status = 500;
        body = { message: ERROR_MESSAGES.serverError };
      }

      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, code: error.code, message: error.message }, 'request refused');

      return reply.status(status).type('application/json; charset=utf-8').send(body);
    });

    app.setNotFoundHandler((request, reply) =>
      reply.status(404).type('application/json; charset=utf-8').send({ message: ERROR_MESSAGES.notFound } satisfies ApiError),
    );
  },
  { name: 'errors' },
);
