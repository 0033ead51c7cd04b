import { z } from 'zod';
import { signatureConsentSchema, signerNameSchema } from './signature';
import { TimestampSchema } from './common';
import { INT4_MAX } from './constants';
import { AmountSchema, CalendarDateSchema } from './invoices';
import { paginatedSchema } from './pagination';
import {
  PORTAL_PROPOSAL_STATUSES,
  PROPOSAL_DECLINE_REASON_MAX_LENGTH,
  PROPOSAL_MAX_ITEMS,
  PROPOSAL_SIGNER_NAME_MAX_LENGTH,
  PROPOSAL_STATUSES,
} from './proposal-constants';

/**
 * Proposals, the portal side (docs/requirements.md 11.8; docs/company-api.md "Proposals"). Every route lives under
 * `/api/entities/{entity}/…`, behind the entity guard and the company's `is_portal_proposals_enabled` switch:
 *
 *   GET  /api/entities/{entity}/proposals                       a page of the project's proposals (drafts never)
 *   GET  /api/entities/{entity}/proposals/{proposal}            one proposal; the first open marks it viewed
 *   POST /api/entities/{entity}/proposals/{proposal}/accept     ProposalAcceptSchema → ProposalDetailSchema (200)
 *   POST /api/entities/{entity}/proposals/{proposal}/decline    ProposalDeclineSchema → ProposalDetailSchema (200)
 *   GET  /api/entities/{entity}/proposals/{proposal}/pdf        the signed PDF, once accepted (404 before)
 *
 * Accepting or declining an expired, withdrawn, superseded or already answered proposal answers 409 with one of
 * PROPOSAL_MESSAGES. Money is in decimal strings exact to the cent, as invoices.
 */

export const ProposalStatusSchema = z.enum(PROPOSAL_STATUSES);
export type ProposalStatus = z.infer<typeof ProposalStatusSchema>;
export const PortalProposalStatusSchema = z.enum(PORTAL_PROPOSAL_STATUSES);
export type PortalProposalStatus = z.infer<typeof PortalProposalStatusSchema>;

export const ProposalItemSchema = z
  .object({
    id: z.number().int(),
    description: z.string(),
    /** A decimal string, up to three places: "1", "2.5". */
    quantity: z.string(),
    unit_price: AmountSchema,
    /** quantity × unit price rounded half away from zero to the cent. */
    amount: AmountSchema,
    /** An optional item: the customer may tick it when accepting; it is not in the proposal's total. */
    optional: z.boolean(),
    /** Whether the item is in what was accepted: a required item always; an optional one when the customer ticked it (false before acceptance). */
    selected: z.boolean(),
  })
  .meta({ id: 'ProposalItem' });
export type ProposalItem = z.infer<typeof ProposalItemSchema>;

export const ProposalSectionSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    items: z.array(ProposalItemSchema),
  })
  .meta({ id: 'ProposalSection', description: 'A heading of the proposal and its line items, in order.' });
export type ProposalSection = z.infer<typeof ProposalSectionSchema>;

/** What the customer accepted and how: the evidence (docs/decisions/067-proposal-pages.md). */
export const ProposalAcceptanceSchema = z
  .object({
    /** The full name as the signer typed it. */
    signer_name: z.string(),
    /** The email of the portal user who accepted. */
    signer_email: z.string(),
    accepted_at: TimestampSchema,
    /** The request's IP address as the server resolves it (behind TRUST_PROXY, the client's). */
    ip_address: z.string(),
    user_agent: z.string().nullable(),
    /** The optional items ticked, by id. */
    selected_item_ids: z.array(z.number().int()),
    /** What was accepted: the required items and the ticked optional ones, with tax. */
    subtotal: AmountSchema,
    tax: AmountSchema,
    total: AmountSchema,
    /** SHA-256 (hex) of the canonical JSON of the proposal as shown (docs/company-api.md "Proposals"). */
    content_sha256: z.string(),
    /** SHA-256 (hex) of the signed PDF's bytes, made once at acceptance. */
    pdf_sha256: z.string(),
  })
  .meta({ id: 'ProposalAcceptance' });
export type ProposalAcceptance = z.infer<typeof ProposalAcceptanceSchema>;

export const ProposalDeclinedSchema = z
  .object({
    declined_at: TimestampSchema,
    reason: z.string().nullable(),
  })
  .meta({ id: 'ProposalDeclined' });

export const ProposalSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    /** Numbered per company; every version of a proposal keeps its number. */
    number: z.number().int(),
    version: z.number().int(),
    title: z.string(),
    status: PortalProposalStatusSchema,
    currency: z.literal('USD'),
    /** The required items; optional items are not counted until ticked. Once accepted: what was accepted (the ticked ones counted). */
    subtotal: AmountSchema,
    tax: AmountSchema,
    total: AmountSchema,
    sent_at: TimestampSchema.nullable(),
    /** The last day it may be accepted (UTC). */
    expires_on: CalendarDateSchema,
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .meta({
    id: 'Proposal',
    description:
      'A proposal of the project as the portal user sees it. status expired is derived: sent, and past the end of its expiry day (UTC). total is the required items with tax; ' +
      'once accepted, subtotal, tax and total are what was accepted, the optional items chosen included.',
  });
export type Proposal = z.infer<typeof ProposalSchema>;

export const ProposalDetailSchema = ProposalSchema.extend({
  intro: z.string().nullable(),
  terms: z.string().nullable(),
  /** Percent, e.g. "8.25", of every item counted. */
  tax_rate: z.string(),
  sections: z.array(ProposalSectionSchema),
  /** The most the proposal can come to: every item, optional ones ticked, with tax. */
  total_with_all_options: AmountSchema,
  /** When the customer first opened it; null: not yet. */
  viewed_at: TimestampSchema.nullable(),
  /** The evidence, once accepted; null otherwise. */
  acceptance: ProposalAcceptanceSchema.nullable(),
  /** Once declined; null otherwise. */
  decline: ProposalDeclinedSchema.nullable(),
}).meta({ id: 'ProposalDetail', description: 'One proposal with its sections and items, and what the customer answered.' });
export type ProposalDetail = z.infer<typeof ProposalDetailSchema>;

export const ProposalPageSchema = paginatedSchema(ProposalSchema).meta({ id: 'ProposalPage' });
export type ProposalPage = z.infer<typeof ProposalPageSchema>;

/** `POST /entities/{entity}/proposals/{proposal}/accept`. */
export const ProposalAcceptSchema = z
  .object({
    /** The optional items the customer ticked (ids of this proposal's optional items); none: []. */
    selected_item_ids: z
      .array(z.number({ error: 'Each selected item must be an item id.' }).int().positive().max(INT4_MAX), {
        error: 'The selected items must be a list of item ids.',
      })
      .max(PROPOSAL_MAX_ITEMS)
      .default([]),
    /** The signer's full name, typed. */
    signer_name: signerNameSchema(PROPOSAL_SIGNER_NAME_MAX_LENGTH),
    /** Must be true: the customer ticked the consent box (PROPOSAL_CONSENT_TEXT). */
    consent: signatureConsentSchema,
  })
  .strict()
  .meta({ id: 'ProposalAccept' });
export type ProposalAccept = z.input<typeof ProposalAcceptSchema>;

/** `POST /entities/{entity}/proposals/{proposal}/decline`. */
export const ProposalDeclineSchema = z
  .object({
    reason: z
      .string({ error: 'The reason must be text.' })
      .trim()
      .max(PROPOSAL_DECLINE_REASON_MAX_LENGTH, `The reason may not be longer than ${PROPOSAL_DECLINE_REASON_MAX_LENGTH.toLocaleString('en-US')} characters.`)
      .nullable()
      .optional(),
  })
  .strict()
  .meta({ id: 'ProposalDecline' });
export type ProposalDecline = z.input<typeof ProposalDeclineSchema>;
