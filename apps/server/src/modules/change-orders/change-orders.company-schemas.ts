import {
  ApiErrorSchema,
  CHANGE_ORDER_STATUSES,
  IdSchema,
  INTEGRATION_CHANGE_ORDER_SORTS,
  IntegrationChangeOrderCreateSchema,
  IntegrationChangeOrderDetailSchema,
  IntegrationChangeOrderPageSchema,
  IntegrationChangeOrderUpdateSchema,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';
import { binaryReply } from '../../lib/reply-media';

/**
 * What the company side's change order routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in change-orders.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

export const integrationChangeOrdersListQuery = defineListQuery({
  filters: {
    project_id: { kind: 'integer', description: "The company's projects; a comma means any of: 12,13" },
    number: { kind: 'integer', description: 'Change order numbers (every version of each); a comma means any of' },
    status: { kind: 'string', description: `Statuses; a comma means any of. Allowed: ${CHANGE_ORDER_STATUSES.join(', ')}` },
    updated_since: { kind: 'timestamp' },
  },
  sorts: INTEGRATION_CHANGE_ORDER_SORTS,
  defaultSort: 'id',
});
const idParams = z.object({ id: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { ...errors, 409: ApiErrorSchema, 422: ApiErrorSchema };
const tags = ['Change orders'];

export const listChangeOrders = {
  operationId: 'listChangeOrders',
  tags,
  summary: "List the company's change orders",
  description:
    "A page of the company's change orders, every version and drafts included (30 a page unless page[size] says otherwise). " +
    `filter[project_id], filter[number] (comma = any of), filter[status] (${CHANGE_ORDER_STATUSES.join(', ')}; comma = any of), ` +
    'filter[updated_since] (an ISO 8601 moment with its offset); ' +
    `sort takes ${INTEGRATION_CHANGE_ORDER_SORTS.join(', ')} (- for descending; default id).`,
  querystring: integrationChangeOrdersListQuery.querystring,
  response: { 200: IntegrationChangeOrderPageSchema, ...errors },
};

export const getChangeOrder = {
  operationId: 'getChangeOrder',
  tags,
  summary: 'Read a change order with its items, files and evidence',
  description:
    "Drafts too. Once approved, approval holds the evidence (signer, time, IP address, hashes) and invoice_id the invoice it made, if any. Another company's change order: 404.",
  params: idParams,
  response: { 200: IntegrationChangeOrderDetailSchema, ...errors },
};

export const getChangeOrderPdf = {
  operationId: 'getChangeOrderPdf',
  tags,
  summary: 'The signed change order as a PDF',
  description:
    "The PDF made when the customer approved, byte for byte: its SHA-256 is approval.pdf_sha256. Shown inline. A change order not approved answers 409. Another company's change order: 404.",
  params: idParams,
  response: { 200: binaryReply('The signed PDF', ['application/pdf']), 409: ApiErrorSchema, ...errors },
};

export const createChangeOrder = {
  operationId: 'createChangeOrder',
  tags,
  summary: 'Create a draft change order for a project',
  description:
    "A draft of one of the company's projects (project_id of another company: 422), which no customer sees until it is sent. It gets the company's next number " +
    '(or the number given; one the company already used: 409), version 1. Items have a description, quantity and unit_price as decimal strings (a negative ' +
    'unit price is a credit); every amount, the totals and the tax (tax_rate percent) are computed in whole cents, and a negative total is a credit. ' +
    'schedule_days (−365 to 365) is how many days the work adds; approval_deadline (YYYY-MM-DD, UTC) the last day it may be approved, null for none. ' +
    'file_ids are the file.id of documents of the same project; invoice_on_approval makes an invoice when the customer approves. USD only.',
  body: IntegrationChangeOrderCreateSchema,
  response: { 201: IntegrationChangeOrderDetailSchema, ...writeErrors },
};

export const updateChangeOrder = {
  operationId: 'updateChangeOrder',
  tags,
  summary: 'Change a draft change order',
  description:
    'Only a draft: a change order that was sent answers 409 (make a new version of it with revise). Fields left out stay as they are; items and file_ids, ' +
    'when given, replace the whole list. A new version keeps the number of the one it was made from.',
  params: idParams,
  body: IntegrationChangeOrderUpdateSchema,
  response: { 200: IntegrationChangeOrderDetailSchema, ...writeErrors },
};

export const deleteChangeOrder = {
  operationId: 'deleteChangeOrder',
  tags,
  summary: 'Delete a draft change order',
  description: 'Only a draft, which no customer has seen: a change order that was sent answers 409 (withdraw it instead).',
  params: idParams,
  response: { 204: z.null().describe('Deleted'), ...writeErrors },
};

export const sendChangeOrder = {
  operationId: 'sendChangeOrder',
  tags,
  summary: 'Send a draft change order to the customer',
  description:
    'The draft (with at least one item, its approval deadline not passed) becomes sent: the customer sees it on the portal, it can no longer be edited, ' +
    'an earlier version of the same number still awaiting an answer becomes superseded, the change_order.sent webhook goes out, and everyone the project ' +
    'is shared with gets an email (while the company has change orders switched on, and unless they turned change order emails off). ' +
    'A change order that is not a draft answers 409.',
  params: idParams,
  response: { 200: IntegrationChangeOrderDetailSchema, ...writeErrors },
};

export const withdrawChangeOrder = {
  operationId: 'withdrawChangeOrder',
  tags,
  summary: 'Withdraw a sent change order',
  description:
    'A sent change order (expired too) becomes withdrawn (the change_order.withdrawn webhook): the customer still sees it, as withdrawn, and can no longer ' +
    'approve it. Any other status answers 409.',
  params: idParams,
  response: { 200: IntegrationChangeOrderDetailSchema, ...writeErrors },
};

export const reviseChangeOrder = {
  operationId: 'reviseChangeOrder',
  tags,
  summary: 'Make a new version of a change order',
  description:
    'A new draft copied from the change order (its items, files, schedule days and deadline): the same number, version + 1. Edit it, then send it: ' +
    'the earlier version, if still awaiting an answer, becomes superseded. Only from the newest version, and not from a draft (edit it) nor an approved one: 409.',
  params: idParams,
  response: { 201: IntegrationChangeOrderDetailSchema, ...writeErrors },
};
