import { z } from 'zod';
import {
  CHANGE_ORDER_ITEM_DESCRIPTION_MAX_LENGTH,
  CHANGE_ORDER_MAX_FILES,
  CHANGE_ORDER_MAX_ITEMS,
  CHANGE_ORDER_SCHEDULE_DAYS_MAX,
  CHANGE_ORDER_SCHEDULE_DAYS_MIN,
  CHANGE_ORDER_STATUSES,
  CHANGE_ORDER_TEXT_MAX_LENGTH,
  CHANGE_ORDER_TITLE_MAX_LENGTH,
} from './change-order-constants';
import { ChangeOrderDetailSchema, ChangeOrderSchema, ChangeOrderStatusSchema } from './change-orders';
import { TimestampSchema } from './common';
import { INT4_MAX } from './constants';
import { CalendarDateInputSchema, CurrencySchema } from './integration-invoices';
import { paginatedSchema } from './pagination';

/**
 * Change orders, the company side (docs/company-api.md "Change orders"), scopes `change_orders:read` / `change_orders:write`:
 *
 *   GET    /api/integration/change-orders                 list (filter[project_id], filter[status], filter[number]; sort)
 *   POST   /api/integration/change-orders                 IntegrationChangeOrderCreateSchema → 201 IntegrationChangeOrderDetailSchema (a draft)
 *   GET    /api/integration/change-orders/{id}            IntegrationChangeOrderDetailSchema
 *   PATCH  /api/integration/change-orders/{id}            IntegrationChangeOrderUpdateSchema (a draft only; 409 otherwise)
 *   DELETE /api/integration/change-orders/{id}            204 (a draft only; 409 otherwise)
 *   POST   /api/integration/change-orders/{id}/send       a draft → sent (an older sent version becomes superseded); emails the customers
 *   POST   /api/integration/change-orders/{id}/withdraw   a sent one → withdrawn
 *   POST   /api/integration/change-orders/{id}/revise     201: a new draft copied from it, version + 1, same number
 *   GET    /api/integration/change-orders/{id}/pdf        the signed PDF, once approved (409 before)
 *
 * Money goes both ways as decimal strings exact to the cent, as for invoices.
 */

const text = (what: string) => ({ error: `The ${what} must be text.` });

const decimal = (what: string, options: { places: number; wholeDigits: number; negative?: boolean }) =>
  z
    .string({ error: `The ${what} must be a decimal string such as "12.50", not a number.` })
    .trim()
    .regex(
      new RegExp(`^${options.negative ? '-?' : ''}\\d{1,${options.wholeDigits}}(\\.\\d{1,${options.places}})?$`),
      `The ${what} must be a decimal with at most ${options.wholeDigits} digits before the point and ${options.places} after it${options.negative ? '' : ', not negative'}.`,
    );

const isZero = (value: string) => /^-?0*(\.0*)?$/.test(value);

export const IntegrationChangeOrderItemInputSchema = z
  .object({
    description: z
      .string(text('description'))
      .trim()
      .min(1, 'The description field is required.')
      .max(
        CHANGE_ORDER_ITEM_DESCRIPTION_MAX_LENGTH,
        `The description may not be longer than ${CHANGE_ORDER_ITEM_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters.`,
      ),
    quantity: decimal('quantity', { places: 3, wholeDigits: 9 }).refine((value) => !isZero(value), 'The quantity must be more than 0.'),
    /** May be negative: a credit (the rot was less than feared). */
    unit_price: decimal('unit price', { places: 2, wholeDigits: 12, negative: true }),
  })
  .strict()
  .meta({ id: 'IntegrationChangeOrderItemCreate' });
export type IntegrationChangeOrderItemInput = z.input<typeof IntegrationChangeOrderItemInputSchema>;

const changeOrderFields = {
  /** The company's own number; left out, the portal gives the next in the company's sequence. */
  number: z
    .number({ error: 'The number must be a whole number.' })
    .int('The number must be a whole number.')
    .positive('The number must be more than 0.')
    .max(INT4_MAX),
  title: z
    .string(text('title'))
    .trim()
    .min(1, 'The title field is required.')
    .max(CHANGE_ORDER_TITLE_MAX_LENGTH, `The title may not be longer than ${CHANGE_ORDER_TITLE_MAX_LENGTH} characters.`),
  description: z
    .string(text('description'))
    .max(CHANGE_ORDER_TEXT_MAX_LENGTH, `The description may not be longer than ${CHANGE_ORDER_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters.`)
    .refine((value) => !value.includes('\u0000'), 'The description may not contain NUL characters.')
    .nullable(),
  /** Percent of every item, up to four decimals, from 0 to 100: "8.25". */
  tax_rate: decimal('tax rate', { places: 4, wholeDigits: 3 }).refine((value) => Number(value) <= 100, 'The tax rate may not be more than 100.'),
  /** How many days the work adds (negative: takes off), −365 to 365. */
  schedule_days: z
    .number({ error: 'The schedule_days must be a whole number of days.' })
    .int('The schedule_days must be a whole number of days.')
    .min(CHANGE_ORDER_SCHEDULE_DAYS_MIN, `The schedule_days must be from ${CHANGE_ORDER_SCHEDULE_DAYS_MIN} to ${CHANGE_ORDER_SCHEDULE_DAYS_MAX}.`)
    .max(CHANGE_ORDER_SCHEDULE_DAYS_MAX, `The schedule_days must be from ${CHANGE_ORDER_SCHEDULE_DAYS_MIN} to ${CHANGE_ORDER_SCHEDULE_DAYS_MAX}.`),
  /** The last day the customer may approve it (UTC); null: no deadline. */
  approval_deadline: CalendarDateInputSchema.nullable(),
  /** The whole list of items, in order; on an update it replaces them all. At least one to send. */
  items: z.array(IntegrationChangeOrderItemInputSchema).max(CHANGE_ORDER_MAX_ITEMS, `A change order has at most ${CHANGE_ORDER_MAX_ITEMS} items.`),
  /**
   * Files to show the customer: the `file.id` of documents already uploaded to the same project
   * (`POST /integration/projects/{id}/documents`); on an update it replaces them all.
   */
  file_ids: z
    .array(z.number({ error: 'Each file id must be a whole number.' }).int().positive().max(INT4_MAX), { error: 'The file_ids must be a list of file ids.' })
    .max(CHANGE_ORDER_MAX_FILES, `A change order has at most ${CHANGE_ORDER_MAX_FILES} files.`),
  invoice_on_approval: z.boolean({ error: 'invoice_on_approval must be true or false.' }),
};

/** `POST /integration/change-orders`: a draft, which no customer sees until it is sent. */
export const IntegrationChangeOrderCreateSchema = z
  .object({
    project_id: z.number({ error: 'The project_id must be a whole number.' }).int().positive().max(INT4_MAX),
    number: changeOrderFields.number.optional(),
    title: changeOrderFields.title,
    description: changeOrderFields.description.optional(),
    currency: CurrencySchema.default('USD'),
    tax_rate: changeOrderFields.tax_rate.default('0'),
    schedule_days: changeOrderFields.schedule_days.default(0),
    approval_deadline: changeOrderFields.approval_deadline.optional(),
    items: changeOrderFields.items.default([]),
    file_ids: changeOrderFields.file_ids.default([]),
    invoice_on_approval: changeOrderFields.invoice_on_approval.default(false),
  })
  .strict()
  .meta({ id: 'IntegrationChangeOrderCreate' });
export type IntegrationChangeOrderCreate = z.input<typeof IntegrationChangeOrderCreateSchema>;

/** `PATCH /integration/change-orders/{id}`: a draft only; what is left out stays, `items` and `file_ids` replace the lists. */
export const IntegrationChangeOrderUpdateSchema = z
  .object({
    number: changeOrderFields.number.optional(),
    title: changeOrderFields.title.optional(),
    description: changeOrderFields.description.optional(),
    currency: CurrencySchema.optional(),
    tax_rate: changeOrderFields.tax_rate.optional(),
    schedule_days: changeOrderFields.schedule_days.optional(),
    approval_deadline: changeOrderFields.approval_deadline.optional(),
    items: changeOrderFields.items.optional(),
    file_ids: changeOrderFields.file_ids.optional(),
    invoice_on_approval: changeOrderFields.invoice_on_approval.optional(),
  })
  .strict()
  .meta({ id: 'IntegrationChangeOrderUpdate' });
export type IntegrationChangeOrderUpdate = z.input<typeof IntegrationChangeOrderUpdateSchema>;

const companyFields = {
  status: ChangeOrderStatusSchema,
  /** The version this one was copied from; null for a first version. */
  previous_version_id: z.number().int().nullable(),
  invoice_on_approval: z.boolean(),
  /** The invoice made at approval (with invoice_on_approval); null otherwise. */
  invoice_id: z.number().int().nullable(),
  /** When a customer first opened it in the portal (the `change_order.viewed` event); null: not yet. */
  viewed_at: TimestampSchema.nullable(),
  withdrawn_at: TimestampSchema.nullable(),
  superseded_at: TimestampSchema.nullable(),
  /** The allowance whose difference it carries (docs/company-api.md "Selections and allowances"); null for any other. */
  allowance_id: z.number().int().nullable(),
};

/** A change order as the company sees it: drafts too. */
export const IntegrationChangeOrderSchema = ChangeOrderSchema.extend(companyFields).meta({
  id: 'IntegrationChangeOrder',
  description: `A change order of one of the company's projects. status: ${CHANGE_ORDER_STATUSES.join(', ')}; expired is derived (sent, past the end of its approval_deadline day, UTC).`,
});
export type IntegrationChangeOrder = z.infer<typeof IntegrationChangeOrderSchema>;

export const IntegrationChangeOrderDetailSchema = ChangeOrderDetailSchema.extend(companyFields).meta({
  id: 'IntegrationChangeOrderDetail',
  description: 'One change order with its items, files, and the evidence once approved.',
});
export type IntegrationChangeOrderDetail = z.infer<typeof IntegrationChangeOrderDetailSchema>;

export const IntegrationChangeOrderPageSchema = paginatedSchema(IntegrationChangeOrderSchema).meta({ id: 'IntegrationChangeOrderPage' });
export type IntegrationChangeOrderPage = z.infer<typeof IntegrationChangeOrderPageSchema>;

export const INTEGRATION_CHANGE_ORDER_SORTS = ['id', 'number', 'sent_at', 'approval_deadline', 'status', 'total', 'created_at', 'updated_at'] as const;
export type IntegrationChangeOrderSort = (typeof INTEGRATION_CHANGE_ORDER_SORTS)[number];
