import { z } from 'zod';
import { ChangeOrderStatusSchema } from './change-orders';
import { TimestampSchema } from './common';
import { INT4_MAX } from './constants';
import { CalendarDateInputSchema } from './integration-invoices';
import { AmountSchema } from './invoices';
import { paginatedSchema } from './pagination';
import {
  ALLOWANCE_NAME_MAX_LENGTH,
  SELECTION_LEAD_TIME_DAYS_MAX,
  SELECTION_MAX_OPTIONS,
  SELECTION_NOTE_MAX_LENGTH,
  SELECTION_OPTION_TITLE_MAX_LENGTH,
  SELECTION_REPLACED_BY,
  SELECTION_ROOM_MAX_LENGTH,
  SELECTION_STATUSES,
  SELECTION_SUPPLIER_URL_MAX_LENGTH,
  SELECTION_TEXT_MAX_LENGTH,
  SELECTION_TITLE_MAX_LENGTH,
} from './selection-constants';
import { AllowanceSummarySchema, SelectionChoiceSchema, SelectionOptionSchema, SelectionPhotoSchema, SelectionSchema } from './selections';

/**
 * Selections and allowances, the company side (docs/company-api.md "Selections and allowances"), scopes
 * `selections:read` / `selections:write`:
 *
 *   GET    /api/integration/allowances                          list (filter[project_id]; sort)
 *   POST   /api/integration/allowances                          IntegrationAllowanceCreateSchema → 201 IntegrationAllowanceDetailSchema
 *   GET    /api/integration/allowances/{id}                     IntegrationAllowanceDetailSchema: its money and its change orders
 *   PATCH  /api/integration/allowances/{id}                     IntegrationAllowanceUpdateSchema (the change order trail is worked out again)
 *   DELETE /api/integration/allowances/{id}                     204; its selections stay, without an allowance
 *   POST   /api/integration/allowances/{id}/credit              201 IntegrationAllowanceChangeOrderSchema: the draft made to carry the credit (409 with none)
 *   GET    /api/integration/selections                          list (filter[project_id], filter[status], filter[allowance_id]; sort)
 *   POST   /api/integration/selections                          IntegrationSelectionCreateSchema → 201 IntegrationSelectionDetailSchema
 *   GET    /api/integration/selections/{id}                     IntegrationSelectionDetailSchema: options, photos, the choice and its history
 *   PATCH  /api/integration/selections/{id}                     IntegrationSelectionUpdateSchema
 *   DELETE /api/integration/selections/{id}                     204 (409 while it has a choice: reset it first)
 *   POST   /api/integration/selections/{id}/options             IntegrationSelectionOptionCreateSchema → 201 IntegrationSelectionOptionSchema
 *   PATCH  /api/integration/selections/{id}/options/{option}    IntegrationSelectionOptionUpdateSchema → IntegrationSelectionOptionSchema
 *   DELETE /api/integration/selections/{id}/options/{option}    204 (409 once it was ever chosen)
 *   POST   /api/integration/selections/{id}/options/{option}/photos           multipart images → 201 { data: IntegrationSelectionPhoto[] } (409 past the limit)
 *   DELETE /api/integration/selections/{id}/options/{option}/photos/{photo}   204
 *   POST   /api/integration/selections/{id}/lock | unlock | reset              IntegrationSelectionDetailSchema
 *   POST   /api/integration/selections/{id}/choose              IntegrationSelectionChooseSchema → IntegrationSelectionDetailSchema (on the customer's behalf)
 *
 * Money goes both ways as decimal strings exact to the cent, as for invoices and change orders.
 */

const text = (what: string) => ({ error: `The ${what} must be text.` });
const id = (what: string) =>
  z
    .number({ error: `The ${what} must be a whole number.` })
    .int(`The ${what} must be a whole number.`)
    .positive(`The ${what} must be a whole number.`)
    .max(INT4_MAX, `The ${what} must be a whole number.`);

/** numeric(14,2), never negative: an allowance's amount, an option's price. */
const money = (what: string) =>
  z
    .string({ error: `The ${what} must be a decimal string such as "400.00", not a number.` })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, `The ${what} must be a decimal with at most 12 digits before the point and 2 after it, not negative.`);

const required = (what: string, max: number) =>
  z
    .string(text(what))
    .trim()
    .min(1, `The ${what} field is required.`)
    .max(max, `The ${what} may not be longer than ${max.toLocaleString('en-US')} characters.`);

/** Free text; blank is kept as null. */
const optionalText = (what: string, max: number) =>
  z
    .string(text(what))
    .trim()
    .max(max, `The ${what} may not be longer than ${max.toLocaleString('en-US')} characters.`)
    .refine((value) => !value.includes('\u0000'), `The ${what} may not contain NUL characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullable();

const position = z
  .number({ error: 'The position must be a whole number.' })
  .int('The position must be a whole number.')
  .min(0, 'The position may not be negative.')
  .max(INT4_MAX, 'The position is too large.');

// --- Allowances ---

const allowanceFields = {
  name: required('name', ALLOWANCE_NAME_MAX_LENGTH),
  /** The money the contract already holds for it, "400.00". */
  amount: money('amount'),
  /** Its place among the project's allowances (lowest first). */
  position,
};

/** `POST /integration/allowances`. */
export const IntegrationAllowanceCreateSchema = z
  .object({
    project_id: id('project_id'),
    name: allowanceFields.name,
    amount: allowanceFields.amount,
    position: allowanceFields.position.optional(),
  })
  .strict()
  .meta({ id: 'IntegrationAllowanceCreate' });
export type IntegrationAllowanceCreate = z.input<typeof IntegrationAllowanceCreateSchema>;

/** `PATCH /integration/allowances/{id}`: what is left out stays. */
export const IntegrationAllowanceUpdateSchema = z
  .object({
    name: allowanceFields.name.optional(),
    amount: allowanceFields.amount.optional(),
    position: allowanceFields.position.optional(),
  })
  .strict()
  .meta({ id: 'IntegrationAllowanceUpdate' });
export type IntegrationAllowanceUpdate = z.input<typeof IntegrationAllowanceUpdateSchema>;

/**
 * An allowance with its whole money: difference = chosen − amount (positive: over it; negative: a credit); carried =
 * the totals of its approved change orders; outstanding = difference − carried, what a change order still has to carry.
 */
export const IntegrationAllowanceSchema = AllowanceSummarySchema.extend({
  project_id: z.number().int(),
  position: z.number().int(),
  carried: AmountSchema,
  outstanding: AmountSchema,
  /** How many selections draw on it. */
  selection_count: z.number().int(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
}).meta({
  id: 'IntegrationAllowance',
  description:
    'An allowance of one of the company’s projects. difference = chosen − amount (negative: a credit); carried = the totals of its approved change orders; ' +
    'outstanding = difference − carried.',
});
export type IntegrationAllowance = z.infer<typeof IntegrationAllowanceSchema>;

/** A change order made from an allowance's difference, as the allowance lists it. */
export const IntegrationAllowanceChangeOrderSchema = z
  .object({
    id: z.number().int(),
    number: z.number().int(),
    version: z.number().int(),
    status: ChangeOrderStatusSchema,
    /** Negative: a credit. */
    total: AmountSchema,
  })
  .meta({ id: 'IntegrationAllowanceChangeOrder' });
export type IntegrationAllowanceChangeOrder = z.infer<typeof IntegrationAllowanceChangeOrderSchema>;

export const IntegrationAllowanceDetailSchema = IntegrationAllowanceSchema.extend({
  /** Every change order made from its difference, every version, newest first. */
  change_orders: z.array(IntegrationAllowanceChangeOrderSchema),
}).meta({ id: 'IntegrationAllowanceDetail', description: 'One allowance with its money and the change orders made from it.' });
export type IntegrationAllowanceDetail = z.infer<typeof IntegrationAllowanceDetailSchema>;

export const IntegrationAllowancePageSchema = paginatedSchema(IntegrationAllowanceSchema).meta({ id: 'IntegrationAllowancePage' });
export type IntegrationAllowancePage = z.infer<typeof IntegrationAllowancePageSchema>;

export const INTEGRATION_ALLOWANCE_SORTS = ['id', 'position', 'name', 'amount', 'created_at', 'updated_at'] as const;
export type IntegrationAllowanceSort = (typeof INTEGRATION_ALLOWANCE_SORTS)[number];

// --- Options ---

const optionFields = {
  title: required('title', SELECTION_OPTION_TITLE_MAX_LENGTH),
  description: optionalText('description', SELECTION_TEXT_MAX_LENGTH),
  /** What it costs the customer, "650.00". */
  price: money('price'),
  /** Days from order to delivery, 0 to 730; null: not known. */
  lead_time_days: z
    .number({ error: 'The lead_time_days must be a whole number of days.' })
    .int('The lead_time_days must be a whole number of days.')
    .min(0, `The lead_time_days must be from 0 to ${SELECTION_LEAD_TIME_DAYS_MAX}.`)
    .max(SELECTION_LEAD_TIME_DAYS_MAX, `The lead_time_days must be from 0 to ${SELECTION_LEAD_TIME_DAYS_MAX}.`)
    .nullable(),
  /** Where the customer may read more: an http:// or https:// address. */
  supplier_url: z
    .url({ protocol: /^https?$/, message: 'The supplier link must be an http:// or https:// address.' })
    .max(SELECTION_SUPPLIER_URL_MAX_LENGTH, `The supplier link may not be longer than ${SELECTION_SUPPLIER_URL_MAX_LENGTH.toLocaleString('en-US')} characters.`)
    .nullable(),
  position,
};

/** `POST /integration/selections/{id}/options`, and each of `options` when a selection is made. */
export const IntegrationSelectionOptionCreateSchema = z
  .object({
    title: optionFields.title,
    description: optionFields.description.optional(),
    price: optionFields.price,
    lead_time_days: optionFields.lead_time_days.optional(),
    supplier_url: optionFields.supplier_url.optional(),
    position: optionFields.position.optional(),
  })
  .strict()
  .meta({ id: 'IntegrationSelectionOptionCreate' });
export type IntegrationSelectionOptionCreate = z.input<typeof IntegrationSelectionOptionCreateSchema>;

/** `PATCH /integration/selections/{id}/options/{option}`: what is left out stays. A choice already made keeps what was chosen. */
export const IntegrationSelectionOptionUpdateSchema = z
  .object({
    title: optionFields.title.optional(),
    description: optionFields.description.optional(),
    price: optionFields.price.optional(),
    lead_time_days: optionFields.lead_time_days.optional(),
    supplier_url: optionFields.supplier_url.optional(),
    position: optionFields.position.optional(),
  })
  .strict()
  .meta({ id: 'IntegrationSelectionOptionUpdate' });
export type IntegrationSelectionOptionUpdate = z.input<typeof IntegrationSelectionOptionUpdateSchema>;

export const IntegrationSelectionOptionSchema = SelectionOptionSchema.extend({
  position: z.number().int(),
  /** Chosen at least once (now or before): it can no longer be deleted. */
  ever_chosen: z.boolean(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
}).meta({ id: 'IntegrationSelectionOption' });
export type IntegrationSelectionOption = z.infer<typeof IntegrationSelectionOptionSchema>;

/** What `POST …/options/{option}/photos` answers: the photos it added, in order. */
export const IntegrationSelectionPhotosSchema = z.object({ data: z.array(SelectionPhotoSchema) }).meta({ id: 'IntegrationSelectionPhotos' });
export type IntegrationSelectionPhotos = z.infer<typeof IntegrationSelectionPhotosSchema>;

// --- Selections ---

const selectionFields = {
  title: required('title', SELECTION_TITLE_MAX_LENGTH),
  description: optionalText('description', SELECTION_TEXT_MAX_LENGTH),
  /** The portal groups selections by it ("Kitchen"); null: "Other". */
  room: optionalText('room', SELECTION_ROOM_MAX_LENGTH),
  /** The last day the customer may choose (YYYY-MM-DD, UTC); null: no deadline. */
  deadline: CalendarDateInputSchema.nullable(),
  /** An allowance of the same project it draws on; null: none. */
  allowance_id: id('allowance_id').nullable(),
  position,
};

/** `POST /integration/selections`, with its options at once if given. */
export const IntegrationSelectionCreateSchema = z
  .object({
    project_id: id('project_id'),
    title: selectionFields.title,
    description: selectionFields.description.optional(),
    room: selectionFields.room.optional(),
    deadline: selectionFields.deadline.optional(),
    allowance_id: selectionFields.allowance_id.optional(),
    position: selectionFields.position.optional(),
    options: z
      .array(IntegrationSelectionOptionCreateSchema, { error: 'The options must be a list of options.' })
      .max(SELECTION_MAX_OPTIONS, `A selection may have at most ${SELECTION_MAX_OPTIONS} options.`)
      .default([]),
  })
  .strict()
  .meta({ id: 'IntegrationSelectionCreate' });
export type IntegrationSelectionCreate = z.input<typeof IntegrationSelectionCreateSchema>;

/** `PATCH /integration/selections/{id}`: what is left out stays; options have routes of their own. */
export const IntegrationSelectionUpdateSchema = z
  .object({
    title: selectionFields.title.optional(),
    description: selectionFields.description.optional(),
    room: selectionFields.room.optional(),
    deadline: selectionFields.deadline.optional(),
    allowance_id: selectionFields.allowance_id.optional(),
    position: selectionFields.position.optional(),
  })
  .strict()
  .meta({ id: 'IntegrationSelectionUpdate' });
export type IntegrationSelectionUpdate = z.input<typeof IntegrationSelectionUpdateSchema>;

/** `POST /integration/selections/{id}/choose`: the company chooses for the customer (recorded as the company's choice). */
export const IntegrationSelectionChooseSchema = z
  .object({
    option_id: id('option_id'),
    /** Why the company chose for them ("chosen by phone on Dec 3"); shown with the choice. */
    note: optionalText('note', SELECTION_NOTE_MAX_LENGTH).optional(),
  })
  .strict()
  .meta({ id: 'IntegrationSelectionChoose' });
export type IntegrationSelectionChoose = z.input<typeof IntegrationSelectionChooseSchema>;

export const SelectionReplacedBySchema = z.enum(SELECTION_REPLACED_BY);

/** A choice with its whole evidence, as the company keeps it: who, when, from where, and what it was then. */
export const IntegrationSelectionChoiceSchema = SelectionChoiceSchema.extend({
  id: z.number().int(),
  /** The option as it was when chosen. */
  option_title: z.string(),
  option_price: AmountSchema,
  /** The allowance's amount when chosen; null without one. */
  allowance_amount: AmountSchema.nullable(),
  /** The customer who chose; null for the company's choice, or once the account is erased. */
  portal_user_id: z.number().int().nullable(),
  /** The staff member (console) or API key that chose for the customer; null otherwise. */
  staff_id: z.number().int().nullable(),
  api_key_id: z.number().int().nullable(),
  /** The request's IP address as the server resolves it (behind TRUST_PROXY, the client's). */
  ip_address: z.string(),
  user_agent: z.string().nullable(),
  /** When a later choice or a reset replaced it; null while it is the current choice. */
  replaced_at: TimestampSchema.nullable(),
  replaced_by: SelectionReplacedBySchema.nullable(),
}).meta({ id: 'IntegrationSelectionChoice' });
export type IntegrationSelectionChoice = z.infer<typeof IntegrationSelectionChoiceSchema>;

const selectionCompanyFields = {
  position: z.number().int(),
  /** When the company locked it; null: not locked. */
  locked_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
};

/** A selection as the company sees it. */
export const IntegrationSelectionSchema = SelectionSchema.extend(selectionCompanyFields).meta({
  id: 'IntegrationSelection',
  description: `A selection of one of the company's projects. status: ${SELECTION_STATUSES.join(', ')}, derived as on the portal.`,
});
export type IntegrationSelection = z.infer<typeof IntegrationSelectionSchema>;

export const IntegrationSelectionDetailSchema = IntegrationSelectionSchema.extend({
  description: z.string().nullable(),
  options: z.array(IntegrationSelectionOptionSchema),
  /** The current choice with its evidence; null: none. */
  choice: IntegrationSelectionChoiceSchema.nullable(),
  /** Every choice ever made, the current one included, newest first. */
  history: z.array(IntegrationSelectionChoiceSchema),
}).meta({ id: 'IntegrationSelectionDetail', description: 'One selection with its options and photos, the current choice and every earlier one.' });
export type IntegrationSelectionDetail = z.infer<typeof IntegrationSelectionDetailSchema>;

export const IntegrationSelectionPageSchema = paginatedSchema(IntegrationSelectionSchema).meta({ id: 'IntegrationSelectionPage' });
export type IntegrationSelectionPage = z.infer<typeof IntegrationSelectionPageSchema>;

export const INTEGRATION_SELECTION_SORTS = ['id', 'position', 'deadline', 'title', 'created_at', 'updated_at'] as const;
export type IntegrationSelectionSort = (typeof INTEGRATION_SELECTION_SORTS)[number];
