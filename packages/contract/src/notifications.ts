import { z } from 'zod';
import { NOTICE_KINDS } from './notice-kinds';

/** GET/PATCH /api/account/notifications: which email notices the signed-in user gets, one switch per kind. */
export const NotificationPreferencesSchema = z
  .object({
    note: z.boolean(),
    invoice: z.boolean(),
    document: z.boolean(),
    album: z.boolean(),
    proposal: z.boolean(),
    schedule: z.boolean(),
    change_order: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** PATCH /api/account/notifications: the switches to change; the others stay as they are. */
export const NotificationPreferencesUpdateSchema = NotificationPreferencesSchema.partial().strict().meta({ id: 'NotificationPreferencesUpdate' });
export type NotificationPreferencesUpdate = z.input<typeof NotificationPreferencesUpdateSchema>;

export const NoticeKindSchema = z.enum(NOTICE_KINDS);

// An empty or missing token is answered like any other token we did not make: 422 with the invalid-link message.
const UnsubscribeTokenSchema = z.string().max(200);

/**
 * POST /api/notifications/unsubscribe: the token from an email's unsubscribe link, in the query string (what a
 * mail client's one-click POST sends, RFC 8058, with the form body `List-Unsubscribe=One-Click`) or in a JSON body.
 */
export const UnsubscribeQuerySchema = z.object({ token: UnsubscribeTokenSchema.optional() });
export const UnsubscribeBodySchema = z.object({ token: UnsubscribeTokenSchema.optional() }).nullish();
export type UnsubscribeRequest = { token: string };

/** What was turned off, in words the page can show. */
export const UnsubscribeResponseSchema = z.object({ kind: NoticeKindSchema, message: z.string() }).meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;
