import { z } from 'zod';
import {
  CHANGE_ORDER_DECLINE_REASON_MAX_LENGTH,
  CHANGE_ORDER_SIGNER_NAME_MAX_LENGTH,
  CHANGE_ORDER_STATUSES,
  PORTAL_CHANGE_ORDER_STATUSES,
} from './change-order-constants';
import { signatureConsentSchema, signerNameSchema } from './signature';
import { TimestampSchema } from './common';
import { StoredFileSchema } from './files';
import { AmountSchema, CalendarDateSchema } from './invoices';
import { paginatedSchema } from './pagination';

/**
 * Change orders, the portal side (docs/company-api.md "Change orders"). Every route lives under
 * `/api/entities/{entity}/…`, behind the entity guard and the company's `is_portal_change_orders_enabled` switch:
 *
 *   GET  /api/entities/{entity}/change-orders                          a page of the project's change orders (drafts never)
 *   GET  /api/entities/{entity}/change-orders/{changeOrder}            one change order; the first open marks it viewed
 *   POST /api/entities/{entity}/change-orders/{changeOrder}/approve    ChangeOrderApproveSchema → ChangeOrderDetailSchema (200)
 *   POST /api/entities/{entity}/change-orders/{changeOrder}/decline    ChangeOrderDeclineSchema → ChangeOrderDetailSchema (200)
 *   GET  /api/entities/{entity}/change-orders/{changeOrder}/pdf        the signed PDF, once approved (404 before)
 *
 * Approving or declining an expired, withdrawn, superseded or already answered change order answers 409 with one of
 * CHANGE_ORDER_MESSAGES. Money is in decimal strings exact to the cent, as invoices; a negative total is a credit.
 */

export const ChangeOrderStatusSchema = z.enum(CHANGE_ORDER_STATUSES);
export type ChangeOrderStatus = z.infer<typeof ChangeOrderStatusSchema>;
export const PortalChangeOrderStatusSchema = z.enum(PORTAL_CHANGE_ORDER_STATUSES);
export type PortalChangeOrderStatus = z.infer<typeof PortalChangeOrderStatusSchema>;

export const ChangeOrderItemSchema = z
  .object({
    id: z.number().int(),
    description: z.string(),
    /** A decimal string, up to three places: "1", "2.5". */
    quantity: z.string(),
    /** May be negative (a credit). */
    unit_price: AmountSchema,
    /** quantity × unit price rounded half away from zero to the cent. */
    amount: AmountSchema,
  })
  .meta({ id: 'ChangeOrderItem' });
export type ChangeOrderItem = z.infer<typeof ChangeOrderItemSchema>;

/** What the customer approved and how: the evidence, the same as a proposal's acceptance. */
export const ChangeOrderApprovalSchema = z
  .object({
    /** The full name as the signer typed it. */
    signer_name: z.string(),
    /** The email of the portal user who approved. */
    signer_email: z.string(),
    approved_at: TimestampSchema,
    /** The request's IP address as the server resolves it (behind TRUST_PROXY, the client's). */
    ip_address: z.string(),
    user_agent: z.string().nullable(),
    subtotal: AmountSchema,
    tax: AmountSchema,
    total: AmountSchema,
    /** SHA-256 (hex) of the canonical JSON of the change order as shown (docs/company-api.md "Change orders"). */
    content_sha256: z.string(),
    /** SHA-256 (hex) of the signed PDF's bytes, made once at approval. */
    pdf_sha256: z.string(),
  })
  .meta({ id: 'ChangeOrderApproval' });
export type ChangeOrderApproval = z.infer<typeof ChangeOrderApprovalSchema>;

export const ChangeOrderDeclinedSchema = z
  .object({
    declined_at: TimestampSchema,
    reason: z.string().nullable(),
  })
  .meta({ id: 'ChangeOrderDeclined' });
export type ChangeOrderDeclined = z.infer<typeof ChangeOrderDeclinedSchema>;

export const ChangeOrderSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    /** Numbered per company; every version of a change order keeps its number ("CO-7", "CO-7 v2"). */
    number: z.number().int(),
    version: z.number().int(),
    title: z.string(),
    status: PortalChangeOrderStatusSchema,
    currency: z.literal('USD'),
    subtotal: AmountSchema,
    tax: AmountSchema,
    /** Negative: a credit to the customer. */
    total: AmountSchema,
    /** How many days the work adds to the schedule (negative: takes off; 0: none). */
    schedule_days: z.number().int(),
    sent_at: TimestampSchema.nullable(),
    /** The last day it may be approved (UTC); null: no deadline. */
    approval_deadline: CalendarDateSchema.nullable(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({
    id: 'ChangeOrder',
    description:
      'A change order of the project as the portal user sees it: a priced change to the contract. status expired is derived: sent, and past the end of its approval_deadline day (UTC). ' +
      'A negative total is a credit.',
  });
export type ChangeOrder = z.infer<typeof ChangeOrderSchema>;

export const ChangeOrderDetailSchema = ChangeOrderSchema.extend({
  description: z.string().nullable(),
  /** Percent, e.g. "8.25", of every item. */
  tax_rate: z.string(),
  items: z.array(ChangeOrderItemSchema),
  /** Files the company attached (drawings, photos of the rot), with signed links. */
  files: z.array(StoredFileSchema),
  /** Whether approving it makes an invoice for its items at once (never for a credit). */
  invoice_on_approval: z.boolean(),
  /** The invoice approving it made (the portal links to it); null: none (not approved yet, no invoice, or a credit). */
  invoice_id: z.number().int().nullable(),
  /** When the customer first opened it; null: not yet. */
  viewed_at: TimestampSchema.nullable(),
  /** The evidence, once approved; null otherwise. */
  approval: ChangeOrderApprovalSchema.nullable(),
  /** Once declined; null otherwise. */
  decline: ChangeOrderDeclinedSchema.nullable(),
}).meta({ id: 'ChangeOrderDetail', description: 'One change order with its items and files, and what the customer answered.' });
export type ChangeOrderDetail = z.infer<typeof ChangeOrderDetailSchema>;

export const ChangeOrderPageSchema = paginatedSchema(ChangeOrderSchema).meta({ id: 'ChangeOrderPage' });
export type ChangeOrderPage = z.infer<typeof ChangeOrderPageSchema>;

/** `POST /entities/{entity}/change-orders/{changeOrder}/approve`. */
export const ChangeOrderApproveSchema = z
  .object({
    /** The signer's full name, typed. */
    signer_name: signerNameSchema(CHANGE_ORDER_SIGNER_NAME_MAX_LENGTH),
    /** Must be true: the customer ticked the consent box (CHANGE_ORDER_CONSENT_TEXT). */
    consent: signatureConsentSchema,
  })
  .strict()
  .meta({ id: 'ChangeOrderApprove' });
export type ChangeOrderApprove = z.input<typeof ChangeOrderApproveSchema>;

/** `POST /entities/{entity}/change-orders/{changeOrder}/decline`. */
export const ChangeOrderDeclineSchema = z
  .object({
    reason: z
      .string({ error: 'The reason must be text.' })
      .trim()
      .max(
        CHANGE_ORDER_DECLINE_REASON_MAX_LENGTH,
        `The reason may not be longer than ${CHANGE_ORDER_DECLINE_REASON_MAX_LENGTH.toLocaleString('en-US')} characters.`,
      )
      .nullable()
      .optional(),
  })
  .strict()
  .meta({ id: 'ChangeOrderDecline' });
export type ChangeOrderDecline = z.input<typeof ChangeOrderDeclineSchema>;
