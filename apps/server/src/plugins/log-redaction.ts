import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Query parameters that carry a credential: the sign-in link's `token` (and a `code`, should one
 * ever be put there), and the `sig` of a signed file, image or zip URL, which opens it for anyone
 * until it expires.
 */
const SECRET_PARAMS = /([?&](?:token|code|sig)=)[^&#]*/gi;

/** A path that is itself a credential: the secret of a personal calendar feed (`/api/calendar-feeds/<token>.ics`). */
const SECRET_PATHS = /(\/calendar-feeds\/)[^/?#]+/gi;

/** A URL fit for the log: credentials in the query, and feed secrets in the path, are replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]').replace(SECRET_PATHS, '$1[redacted]');
}

/**
 * Fastify's request serializer, except for the URL. The sign-in link opens
 * /auth/passwordless/login?token=…, and that page is served by this server, so without this the
 * access log would hold live sign-in tokens.
 */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/** Adds the redacting request serializer to logger options (true, false and instances pass through). */
export function withRedactedUrls(logger: LoggerOption): LoggerOption {
  if (!logger || typeof logger !== 'object') return logger;
  return { ...logger, serializers: { req: requestLogSerializer as never, ...logger.serializers } };
}
