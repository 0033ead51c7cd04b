import {
  ApiErrorSchema,
  NOTIFICATION_MESSAGES,
  NotificationPreferencesSchema,
  NotificationPreferencesUpdateSchema,
  UnsubscribeBodySchema,
  UnsubscribeQuerySchema,
  UnsubscribeResponseSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../core/access/request';
import { noticesRepository } from '../../core/mail/notices.repository';
import { HttpError, tooManyAttempts } from '../../lib/http-errors';
import type { RateLimitRule } from '../../lib/rate-limiter';

/** Unsubscribe links are public: an IP may follow this many a minute, enough for a mail client working through a mailbox. */
export const UNSUBSCRIBE_PER_IP: RateLimitRule = { limit: 30, windowMs: 60_000 };

/** A one-click POST's body (RFC 8058) is a form: `List-Unsubscribe=One-Click`. Small, and only its fields matter. */
const FORM_BODY_LIMIT = 4096;

/**
 * The signed-in user's email notice switches, and the unsubscribe link every notice carries
 * (docs/decisions/041-notice-unsubscribe-tokens.md).
 */
export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notices = noticesRepository(app.database.db);

  // Mail clients POST the one-click unsubscribe as a form; the rest of the API speaks JSON only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/account/notifications',
    {
      schema: {
        tags: ['account'],
        operationId: 'getNotificationPreferences',
        summary: 'Which email notices the signed-in user gets',
        description: 'One switch per kind of notice; every kind is on until the user turns it off.',
        response: { 200: NotificationPreferencesSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => notices.preferences(requireUser(request).id),
  );

  app.patch(
    '/account/notifications',
    {
      schema: {
        tags: ['account'],
        operationId: 'updateNotificationPreferences',
        summary: 'Turn kinds of email notices on or off',
        description: 'Only the kinds named change. Answers every switch.',
        body: NotificationPreferencesUpdateSchema,
        response: { 200: NotificationPreferencesSchema, 401: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await notices.setPreferences(user.id, request.body);
      request.log.info({ event: 'notifications.preferences_changed', userId: user.id, ...request.body }, 'notification settings changed');
      return result;
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      // A mail client calls it without any session (RFC 8058 one-click), and so may a reader signed in as someone else.
      config: { public: true },
      schema: {
        tags: ['notifications'],
        operationId: 'unsubscribe',
        summary: 'Turn off one kind of email notice with the token of its unsubscribe link',
        description:
          'The token comes in the query string (what `List-Unsubscribe` names: mail clients POST it with the form body ' +
          '`List-Unsubscribe=One-Click`) or in a JSON body. 422 for a token the server did not make. ' +
          `At most ${UNSUBSCRIBE_PER_IP.limit} a minute per IP.`,
        querystring: UnsubscribeQuerySchema,
        body: UnsubscribeBodySchema,
        response: { 200: UnsubscribeResponseSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      const limit = await app.rateLimiter.hit(`notifications:unsubscribe:${request.ip}`, UNSUBSCRIBE_PER_IP, app.now());
      if (!limit.allowed) throw tooManyAttempts(limit.retryAfterSeconds);
      const token = request.body?.token ?? request.query.token ?? '';
      const target = app.notices.tokens.read(token);
      if (!target) {
        throw new HttpError(422, NOTIFICATION_MESSAGES.invalidUnsubscribeLink, { token: [NOTIFICATION_MESSAGES.invalidUnsubscribeLink] });
      }
      // A link may outlive its user (erased): there is nothing left to send them, so it is done all the same.
      if (await notices.userExists(target.portalUserId)) await notices.setPreferences(target.portalUserId, { [target.kind]: false });
      request.log.info({ event: 'notifications.unsubscribed', userId: target.portalUserId, kind: target.kind }, 'unsubscribed');
      return { kind: target.kind, message: NOTIFICATION_MESSAGES.unsubscribed(target.kind) };
    },
  );

  app.get(
    '/notifications/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags: ['notifications'],
        operationId: 'openUnsubscribePage',
        summary: "Opens the portal's unsubscribe page for a token",
        // The browser's way in from an email, not an operation for API clients (who POST): kept out of the document.
        hide: true,
        description: "For a client that GETs the `List-Unsubscribe` address: sends the browser to the portal's unsubscribe page, which does it.",
        querystring: UnsubscribeQuerySchema,
        response: { 303: z.null().describe('To /unsubscribe?token=…') },
      },
    },
    async (request, reply) => reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token ?? '')}`, 303),
  );
}
