import { z } from 'zod';
import { TimestampSchema } from './common';
import { INT4_MAX } from './constants';
import { CalendarDateInputSchema, CurrencySchema } from './integration-invoices';
import { paginatedSchema } from './pagination';
import { PROPOSAL_MAX_ITEMS, PROPOSAL_MAX_SECTIONS, PROPOSAL_STATUSES, PROPOSAL_TEXT_MAX_LENGTH, PROPOSAL_TITLE_MAX_LENGTH } from './proposal-constants';
import { ProposalDetailSchema, ProposalSchema, ProposalStatusSchema } from './proposals';

/**
 * Proposals, the company side (docs/company-api.md "Proposals"), scopes `proposals:read` / `proposals:write`:
 *
 *   GET    /api/integration/proposals                 list (filter[project_id], filter[status], filter[number]; sort)
 *   POST   /api/integration/proposals                 IntegrationProposalCreateSchema → 201 IntegrationProposalDetailSchema (a draft)
 *   GET    /api/integration/proposals/{id}            IntegrationProposalDetailSchema
 *   PATCH  /api/integration/proposals/{id}            IntegrationProposalUpdateSchema (a draft only; 409 otherwise)
 *   DELETE /api/integration/proposals/{id}            204 (a draft only; 409 otherwise)
 *   POST   /api/integration/proposals/{id}/send       a draft → sent (an older sent version becomes superseded); emails the customers
 *   POST   /api/integration/proposals/{id}/withdraw   a sent one → withdrawn
 *   POST   /api/integration/proposals/{id}/revise     201: a new draft copied from it, version + 1, same number
 *   GET    /api/integration/proposals/{id}/pdf        the signed PDF, once accepted (409 before)
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

export const IntegrationProposalItemInputSchema = z
  .object({
    description: z
      .string(text('description'))
      .trim()
      .min(1, 'The description field is required.')
      .max(1_000, 'The description may not be longer than 1,000 characters.'),
    quantity: decimal('quantity', { places: 3, wholeDigits: 9 }).refine((value) => !isZero(value), 'The quantity must be more than 0.'),
    /** May be negative, for a discount. */
    unit_price: decimal('unit price', { places: 2, wholeDigits: 12, negative: true }),
    /** true: the customer may tick it when accepting; it is left out of the total until then. */
    optional: z.boolean({ error: 'optional must be true or false.' }).default(false),
  })
  .strict()
  .meta({ id: 'IntegrationProposalItemCreate' });
export type IntegrationProposalItemInput = z.input<typeof IntegrationProposalItemInputSchema>;

export const IntegrationProposalSectionInputSchema = z
  .object({
    title: z
      .string(text('title'))
      .trim()
      .min(1, 'The title field is required.')
      .max(PROPOSAL_TITLE_MAX_LENGTH, `The title may not be longer than ${PROPOSAL_TITLE_MAX_LENGTH} characters.`),
    items: z.array(IntegrationProposalItemInputSchema).max(PROPOSAL_MAX_ITEMS, `A proposal has at most ${PROPOSAL_MAX_ITEMS} items.`).default([]),
  })
  .strict()
  .meta({ id: 'IntegrationProposalSectionCreate' });
export type IntegrationProposalSectionInput = z.input<typeof IntegrationProposalSectionInputSchema>;

const longText = (what: string) =>
  z
    .string(text(what))
    .max(PROPOSAL_TEXT_MAX_LENGTH, `The ${what} may not be longer than ${PROPOSAL_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters.`)
    .refine((value) => !value.includes('\u0000'), `The ${what} may not contain NUL characters.`)
    .nullable();

const proposalFields = {
  title: z
    .string(text('title'))
    .trim()
    .min(1, 'The title field is required.')
    .max(PROPOSAL_TITLE_MAX_LENGTH, `The title may not be longer than ${PROPOSAL_TITLE_MAX_LENGTH} characters.`),
  intro: longText('intro'),
  terms: longText('terms'),
  /** The last day the customer may accept it (UTC). */
  expires_on: CalendarDateInputSchema,
  /** Percent of every counted item, up to four decimals, from 0 to 100: "8.25". */
  tax_rate: decimal('tax rate', { places: 4, wholeDigits: 3 }).refine((value) => Number(value) <= 100, 'The tax rate may not be more than 100.'),
  /** The whole list of sections with their items, in order; on an update it replaces them all. */
  sections: z.array(IntegrationProposalSectionInputSchema).max(PROPOSAL_MAX_SECTIONS, `A proposal has at most ${PROPOSAL_MAX_SECTIONS} sections.`),
};

/** `POST /integration/proposals`: a draft, which no customer sees until it is sent. Its number is given by the portal. */
export const IntegrationProposalCreateSchema = z
  .object({
    project_id: z.number({ error: 'The project_id must be a whole number.' }).int().positive().max(INT4_MAX),
    title: proposalFields.title,
    intro: proposalFields.intro.optional(),
    terms: proposalFields.terms.optional(),
    expires_on: proposalFields.expires_on,
    currency: CurrencySchema.default('USD'),
    tax_rate: proposalFields.tax_rate.default('0'),
    sections: proposalFields.sections.default([]),
  })
  .strict()
  .meta({ id: 'IntegrationProposalCreate' });
export type IntegrationProposalCreate = z.input<typeof IntegrationProposalCreateSchema>;

/** `PATCH /integration/proposals/{id}`: a draft only; what is left out stays, `sections` replaces every section. */
export const IntegrationProposalUpdateSchema = z
  .object({
    title: proposalFields.title.optional(),
    intro: proposalFields.intro.optional(),
    terms: proposalFields.terms.optional(),
    expires_on: proposalFields.expires_on.optional(),
    currency: CurrencySchema.optional(),
    tax_rate: proposalFields.tax_rate.optional(),
    sections: proposalFields.sections.optional(),
  })
  .strict()
  .meta({ id: 'IntegrationProposalUpdate' });
export type IntegrationProposalUpdate = z.input<typeof IntegrationProposalUpdateSchema>;

const companyFields = {
  status: ProposalStatusSchema,
  /** The version this one was copied from; null for a first version. */
  previous_version_id: z.number().int().nullable(),
  /** When a customer first opened it in the portal (the `proposal.viewed` event); null: not yet. */
  viewed_at: TimestampSchema.nullable(),
  withdrawn_at: TimestampSchema.nullable(),
  superseded_at: TimestampSchema.nullable(),
};

/** A proposal as the company sees it: drafts too. */
export const IntegrationProposalSchema = ProposalSchema.extend(companyFields).meta({
  id: 'IntegrationProposal',
  description: `A proposal of one of the company's projects. status: ${PROPOSAL_STATUSES.join(', ')}; expired is derived (sent, past the end of its expiry day, UTC).`,
});
export type IntegrationProposal = z.infer<typeof IntegrationProposalSchema>;

export const IntegrationProposalDetailSchema = ProposalDetailSchema.extend(companyFields).meta({
  id: 'IntegrationProposalDetail',
  description: 'One proposal with its sections, items, and the evidence once accepted.',
});
export type IntegrationProposalDetail = z.infer<typeof IntegrationProposalDetailSchema>;

export const IntegrationProposalPageSchema = paginatedSchema(IntegrationProposalSchema).meta({ id: 'IntegrationProposalPage' });
export type IntegrationProposalPage = z.infer<typeof IntegrationProposalPageSchema>;

export const INTEGRATION_PROPOSAL_SORTS = ['id', 'number', 'sent_at', 'expires_on', 'status', 'total', 'created_at', 'updated_at'] as const;
export type IntegrationProposalSort = (typeof INTEGRATION_PROPOSAL_SORTS)[number];
