import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';
import { paginatedSchema } from './pagination';

/**
 * What customers did across the company's projects, per staff member read or not (docs/decisions/050-inbox.md): notes,
 * documents, contact messages, answers to proposals and change orders, and choices of selections (docs/decisions/114-every-customer-action-reaches-the-office.md).
 */

export const INBOX_KINDS = ['note', 'document', 'message', 'proposal', 'change_order', 'selection'] as const;
export const InboxKindSchema = z.enum(INBOX_KINDS);
export type InboxKind = z.infer<typeof InboxKindSchema>;

export const InboxItemSchema = z
  .object({
    kind: InboxKindSchema,
    id: z
      .number()
      .int()
      .describe(
        'The note, document, contact message, proposal (accepted or declined by the customer), change order (approved or declined) ' +
          "or selection choice (the customer's choice of an option: its project's selections page shows it)",
      ),
    project: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
    from: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('The customer; null once erased'),
    excerpt: z.string(),
    at: TimestampSchema,
    read: z.boolean(),
  })
  .meta({ id: 'InboxItem' });
export type InboxItem = z.infer<typeof InboxItemSchema>;
/** A page of the inbox, with how many of all the member's items are unread (for the heading and the menu). */
export const InboxPageSchema = paginatedSchema(InboxItemSchema)
  .extend({ unread: z.number().int().describe("How many of the member's items are unread, on every page") })
  .meta({ id: 'InboxPage' });
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const InboxUnreadSchema = z.object({ unread: z.number().int() }).meta({ id: 'InboxUnread' });
export type InboxUnread = z.infer<typeof InboxUnreadSchema>;

export const InboxItemParamsSchema = z.object({ kind: InboxKindSchema, id: IdSchema });
