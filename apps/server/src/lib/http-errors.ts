import { ERROR_MESSAGES } from '@portal/contract';

/**
 * The one error type handlers throw. The error handler turns it into the API's error shape;
 * its message reaches the client because its status is below 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError(404, ERROR_MESSAGES.notFound);
export const unauthenticated = () => new HttpError(401, ERROR_MESSAGES.unauthenticated);
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, ERROR_MESSAGES.tooManyAttempts, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const invalid = (errors: Record<string, string[]>, status = 422) => new HttpError(status, ERROR_MESSAGES.invalid, errors);

/** An API key that may not do what the route does; the message names the scope to add. */
export const missingScope = (scope: string) => new HttpError(403, `This API key lacks the scope ${scope}.`);

/** A zod error as the API's `errors` object: one list of messages per field. */
export function fieldErrors(error: { issues: { path: PropertyKey[]; message: string }[] }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  return errors;
}
