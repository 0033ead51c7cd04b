import {
  ApiErrorSchema,
  IdSchema,
  INTEGRATION_PROPOSAL_SORTS,
  IntegrationProposalCreateSchema,
  IntegrationProposalDetailSchema,
  IntegrationProposalPageSchema,
  IntegrationProposalUpdateSchema,
  PROPOSAL_STATUSES,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';
import { binaryReply } from '../../lib/reply-media';

/**
 * What the company side's proposals routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in proposals.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

export const integrationProposalsListQuery = defineListQuery({
  filters: {
    project_id: { kind: 'integer', description: "The company's projects; a comma means any of: 12,13" },
    number: { kind: 'integer', description: 'Proposal numbers (every version of each); a comma means any of' },
    status: { kind: 'string', description: `Statuses; a comma means any of. Allowed: ${PROPOSAL_STATUSES.join(', ')}` },
    updated_since: { kind: 'timestamp' },
  },
  sorts: INTEGRATION_PROPOSAL_SORTS,
  defaultSort: 'id',
});
const idParams = z.object({ id: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { ...errors, 409: ApiErrorSchema, 422: ApiErrorSchema };

export const listProposals = {
  operationId: 'listProposals',
  tags: ['Proposals'],
  summary: "List the company's proposals",
  description:
    "A page of the company's proposals, every version and drafts included (30 a page unless page[size] says otherwise). " +
    `filter[project_id], filter[number] (comma = any of), filter[status] (${PROPOSAL_STATUSES.join(', ')}; comma = any of), ` +
    'filter[updated_since] (an ISO 8601 moment with its offset); ' +
    `sort takes ${INTEGRATION_PROPOSAL_SORTS.join(', ')} (- for descending; default id).`,
  querystring: integrationProposalsListQuery.querystring,
  response: { 200: IntegrationProposalPageSchema, ...errors },
};

export const getProposal = {
  operationId: 'getProposal',
  tags: ['Proposals'],
  summary: 'Read a proposal with its sections, items and evidence',
  description: "Drafts too. Once accepted, acceptance holds the evidence (signer, time, IP address, options, hashes). Another company's proposal: 404.",
  params: idParams,
  response: { 200: IntegrationProposalDetailSchema, ...errors },
};

export const getProposalPdf = {
  operationId: 'getProposalPdf',
  tags: ['Proposals'],
  summary: 'The signed proposal as a PDF',
  description:
    "The PDF made when the customer accepted, byte for byte: its SHA-256 is acceptance.pdf_sha256. Shown inline. A proposal not accepted answers 409. Another company's proposal: 404.",
  params: idParams,
  response: { 200: binaryReply('The signed PDF', ['application/pdf']), 409: ApiErrorSchema, ...errors },
};

export const createProposal = {
  operationId: 'createProposal',
  tags: ['Proposals'],
  summary: 'Create a draft proposal for a project',
  description:
    "A draft of one of the company's projects (project_id of another company: 422), which no customer sees until it is sent. It gets the company's next number, version 1. " +
    'Sections hold items (description, quantity, unit_price as decimal strings; optional: true for an item the customer may tick). ' +
    'Every amount, the totals and the tax (tax_rate percent) are computed in whole cents. USD only.',
  body: IntegrationProposalCreateSchema,
  response: { 201: IntegrationProposalDetailSchema, ...writeErrors },
};

export const updateProposal = {
  operationId: 'updateProposal',
  tags: ['Proposals'],
  summary: 'Change a draft proposal',
  description:
    'Only a draft: a proposal that was sent answers 409 (make a new version of it with revise). Fields left out stay as they are; sections, when given, replace every section and item.',
  params: idParams,
  body: IntegrationProposalUpdateSchema,
  response: { 200: IntegrationProposalDetailSchema, ...writeErrors },
};

export const deleteProposal = {
  operationId: 'deleteProposal',
  tags: ['Proposals'],
  summary: 'Delete a draft proposal',
  description: 'Only a draft, which no customer has seen: a proposal that was sent answers 409 (withdraw it instead).',
  params: idParams,
  response: { 204: z.null().describe('Deleted'), ...writeErrors },
};

export const sendProposal = {
  operationId: 'sendProposal',
  tags: ['Proposals'],
  summary: 'Send a draft proposal to the customer',
  description:
    'The draft (with at least one item, its expiry date not passed) becomes sent: the customer sees it on the portal, it can no longer be edited, ' +
    'an earlier version of the same number still awaiting an answer becomes superseded, and everyone the project is shared with gets an email ' +
    '(while the company has proposals switched on, and unless they turned proposal emails off). A proposal that is not a draft answers 409.',
  params: idParams,
  response: { 200: IntegrationProposalDetailSchema, ...writeErrors },
};

export const withdrawProposal = {
  operationId: 'withdrawProposal',
  tags: ['Proposals'],
  summary: 'Withdraw a sent proposal',
  description:
    'A sent proposal (expired too) becomes withdrawn: the customer still sees it, as withdrawn, and can no longer accept it. Any other status answers 409.',
  params: idParams,
  response: { 200: IntegrationProposalDetailSchema, ...writeErrors },
};

export const reviseProposal = {
  operationId: 'reviseProposal',
  tags: ['Proposals'],
  summary: 'Make a new version of a proposal',
  description:
    'A new draft copied from the proposal (its sections, items, terms and expiry date): the same number, version + 1. Edit it, then send it: ' +
    'the earlier version, if still awaiting an answer, becomes superseded. Only from the newest version, and not from a draft (edit it) nor an accepted one: 409.',
  params: idParams,
  response: { 201: IntegrationProposalDetailSchema, ...writeErrors },
};
