import { z } from 'zod';
import { TimestampSchema } from './common';
import { paginatedSchema } from './pagination';

/**
 * The company side of contact messages (docs/requirements.md 11.7 and 18): what customers sent through the contact
 * page, read by the company's CRM with an API key and marked handled there.
 */

export const IntegrationContactMessageSchema = z
  .object({
    id: z.number().int(),
    /** The project the customer wrote about; null when they wrote to the company without picking one. */
    project_id: z.number().int().nullable(),
    /** Who wrote it; null once that portal user is gone. */
    portal_user: z.object({ id: z.number().int(), email: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() }).nullable(),
    subject: z.string(),
    message: z.string(),
    /** The address the message was mailed to; null when the company had no contact address. */
    sent_to: z.string().nullable(),
    handled: z.boolean(),
    handled_at: TimestampSchema.nullable(),
    /** The API key that marked it handled; null when not handled, or when that key was deleted. */
    handled_by_api_key_id: z.number().int().nullable(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({ id: 'IntegrationContactMessage' });
export type IntegrationContactMessage = z.infer<typeof IntegrationContactMessageSchema>;

export const IntegrationContactMessagePageSchema = paginatedSchema(IntegrationContactMessageSchema).meta({ id: 'IntegrationContactMessagePage' });
export type IntegrationContactMessagePage = z.infer<typeof IntegrationContactMessagePageSchema>;

export const CONTACT_MESSAGE_SORTS = ['id', 'created_at', 'updated_at', 'handled_at'] as const;
export type ContactMessageSort = (typeof CONTACT_MESSAGE_SORTS)[number];
/** Newest first: what is still to answer is at the top. */
export const CONTACT_MESSAGE_DEFAULT_SORT = '-created_at';
