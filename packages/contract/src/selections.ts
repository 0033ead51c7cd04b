import { z } from 'zod';
import { TimestampSchema } from './common';
import { INT4_MAX } from './constants';
import { StoredFileSchema } from './files';
import { AmountSchema, CalendarDateSchema } from './invoices';
import { SELECTION_CHOSEN_BY, SELECTION_SIGNER_NAME_MAX_LENGTH, SELECTION_STATUSES } from './selection-constants';
import { signatureConsentSchema, signerNameSchema } from './signature';

/**
 * Selections and allowances, the portal side (docs/company-api.md "Selections and allowances"). Every route lives under
 * `/api/entities/{entity}/…`, behind the entity guard and the company's `is_portal_selections_enabled` switch:
 *
 *   GET  /api/entities/{entity}/selections                        SelectionsOverviewSchema: the allowances, their totals, every selection
 *   GET  /api/entities/{entity}/selections/{selection}            SelectionDetailSchema
 *   POST /api/entities/{entity}/selections/{selection}/choose     SelectionChooseSchema → SelectionDetailSchema (200)
 *
 * Choosing on a locked selection, or after its deadline day, answers 409 with SELECTION_MESSAGES.locked or
 * .pastDeadline; an option that is not one of the selection's answers 422 on option_id (.optionNotFound). Choosing the
 * option already chosen answers the selection unchanged. Money is in decimal strings exact to the cent.
 */

export const SelectionStatusSchema = z.enum(SELECTION_STATUSES);
export type SelectionStatus = z.infer<typeof SelectionStatusSchema>;
export const SelectionChosenBySchema = z.enum(SELECTION_CHOSEN_BY);

/** One allowance and what is chosen against it: difference = chosen − amount (positive: over; negative: a credit). */
export const AllowanceSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    amount: AmountSchema,
    /** The prices of the current choices of its selections; "0.00" when none. */
    chosen: AmountSchema,
    difference: AmountSchema,
    /** Whether any of its selections has a choice: with none, nothing is over or under it yet ("Nothing chosen yet"). */
    anything_chosen: z.boolean(),
  })
  .meta({ id: 'AllowanceSummary', description: 'An allowance with what is chosen against it. A negative difference is a credit.' });
export type AllowanceSummary = z.infer<typeof AllowanceSummarySchema>;

export const AllowanceTotalsSchema = z
  .object({
    amount: AmountSchema,
    chosen: AmountSchema,
    /** The differences of the allowances something is chosen against, added up (an allowance no one chose against is no credit). */
    difference: AmountSchema,
  })
  .meta({ id: 'AllowanceTotals', description: "The sums over all of the project's allowances." });
export type AllowanceTotals = z.infer<typeof AllowanceTotalsSchema>;

export const SelectionChosenSchema = z
  .object({
    option_id: z.number().int(),
    /** The option's title and price as they were when chosen. */
    title: z.string(),
    price: AmountSchema,
    chosen_by: SelectionChosenBySchema,
  })
  .meta({ id: 'SelectionChosen' });

export const SelectionSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    title: z.string(),
    /** The portal groups selections by it; null is shown as "Other". */
    room: z.string().nullable(),
    /** The last day to choose (UTC); null: no deadline. */
    deadline: CalendarDateSchema.nullable(),
    status: SelectionStatusSchema,
    /** Not locked and the deadline not passed: the customer may choose, or change the choice. */
    can_choose: z.boolean(),
    /** The allowance it draws on, with its amount (what each option's difference is measured against); null: none. */
    allowance: z.object({ id: z.number().int(), name: z.string(), amount: AmountSchema }).nullable(),
    option_count: z.number().int(),
    /** The current choice; null: none. */
    chosen: SelectionChosenSchema.nullable(),
    /** The chosen option's first photo, else the first option's; `image_url` is the image proxy's signed base. */
    cover: StoredFileSchema.nullable(),
    updated_at: TimestampSchema,
  })
  .meta({
    id: 'Selection',
    description:
      'A choice the customer makes for the project. status is derived: locked once the company locked it; else chosen with a current choice; ' +
      'else past_deadline once the deadline day has ended (UTC); else to_choose.',
  });
export type Selection = z.infer<typeof SelectionSchema>;

/** `GET /entities/{entity}/selections`: one answer, not paged (the totals need all of them). */
export const SelectionsOverviewSchema = z
  .object({
    allowances: z.array(AllowanceSummarySchema),
    totals: AllowanceTotalsSchema,
    /** Soonest deadline first (none last), then the company's order. */
    selections: z.array(SelectionSchema),
  })
  .meta({ id: 'SelectionsOverview' });
export type SelectionsOverview = z.infer<typeof SelectionsOverviewSchema>;

export const SelectionPhotoSchema = z
  .object({ id: z.number().int(), file: StoredFileSchema })
  .meta({ id: 'SelectionPhoto', description: "A photo of an option; `file.image_url` is the image proxy's signed base." });
export type SelectionPhoto = z.infer<typeof SelectionPhotoSchema>;

export const SelectionOptionSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    price: AmountSchema,
    /** Days from order to delivery; null: not known. */
    lead_time_days: z.number().int().nullable(),
    supplier_url: z.string().nullable(),
    photos: z.array(SelectionPhotoSchema),
    /** price − the allowance's amount when the selection has an allowance (negative: under it); null otherwise. */
    difference: AmountSchema.nullable(),
  })
  .meta({ id: 'SelectionOption' });
export type SelectionOption = z.infer<typeof SelectionOptionSchema>;

/** The current choice as the customer sees it (the IP address and browser are the company's evidence, not shown back). */
export const SelectionChoiceSchema = z
  .object({
    option_id: z.number().int(),
    chosen_by: SelectionChosenBySchema,
    /** The name typed by the customer; for the company, the staff member's or the key's name. */
    signer_name: z.string(),
    signer_email: z.string().nullable(),
    chosen_at: TimestampSchema,
    /** Why the company chose for the customer; null otherwise. */
    note: z.string().nullable(),
  })
  .meta({ id: 'SelectionChoice' });
export type SelectionChoice = z.infer<typeof SelectionChoiceSchema>;

export const SelectionDetailSchema = SelectionSchema.extend({
  description: z.string().nullable(),
  options: z.array(SelectionOptionSchema),
  choice: SelectionChoiceSchema.nullable(),
}).meta({ id: 'SelectionDetail', description: 'One selection with its options, their photos, and the current choice.' });
export type SelectionDetail = z.infer<typeof SelectionDetailSchema>;

/** `POST /entities/{entity}/selections/{selection}/choose`. */
export const SelectionChooseSchema = z
  .object({
    option_id: z.number({ error: 'Choose an option.' }).int('Choose an option.').positive('Choose an option.').max(INT4_MAX, 'Choose an option.'),
    /** The signer's full name, typed. */
    signer_name: signerNameSchema(SELECTION_SIGNER_NAME_MAX_LENGTH),
    /** Must be true: the customer ticked the consent box (SELECTION_CONSENT_TEXT). */
    consent: signatureConsentSchema,
  })
  .strict()
  .meta({ id: 'SelectionChoose' });
export type SelectionChoose = z.input<typeof SelectionChooseSchema>;
