import {
  ApiErrorSchema,
  IdSchema,
  INTEGRATION_INVOICE_SORTS,
  IntegrationInvoiceCreateSchema,
  IntegrationInvoiceDetailSchema,
  IntegrationInvoicePageSchema,
  IntegrationInvoiceUpdateSchema,
  IntegrationPaymentCreateSchema,
  IntegrationPaymentRecordedSchema,
  INVOICE_STATUSES,
  StatementSchema,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';
import { binaryReply } from '../../lib/reply-media';

/**
 * What the company side's invoices routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in invoices.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

export const integrationInvoicesListQuery = defineListQuery({
  filters: {
    project_id: { kind: 'integer', description: "The company's projects; a comma means any of: 12,13" },
    status: { kind: 'string', description: `Statuses; a comma means any of. Allowed: ${INVOICE_STATUSES.join(', ')}` },
    updated_since: { kind: 'timestamp' },
  },
  sorts: INTEGRATION_INVOICE_SORTS,
  defaultSort: 'id',
});
const idParams = z.object({ id: IdSchema });
const paymentParams = z.object({ id: IdSchema, paymentId: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { ...errors, 409: ApiErrorSchema, 422: ApiErrorSchema };

export const listInvoices = {
  operationId: 'listInvoices',
  tags: ['Invoices'],
  summary: "List the company's invoices",
  description:
    "A page of the company's invoices, drafts included (30 a page unless page[size] says otherwise). " +
    `filter[project_id] (comma = any of), filter[status] (${INVOICE_STATUSES.join(', ')}; comma = any of: the status the portal derives, or draft), ` +
    'filter[updated_since] (an ISO 8601 moment with its offset: invoices changed at or after it, for a sync); ' +
    `sort takes ${INTEGRATION_INVOICE_SORTS.join(', ')} (- for descending; default id).`,
  querystring: integrationInvoicesListQuery.querystring,
  response: { 200: IntegrationInvoicePageSchema, ...errors },
};

export const getInvoice = {
  operationId: 'getInvoice',
  tags: ['Invoices'],
  summary: 'Read an invoice with its lines and payments',
  description: "The status and balance are those the portal shows; a draft reads status draft. Another company's invoice: 404.",
  params: idParams,
  response: { 200: IntegrationInvoiceDetailSchema, ...errors },
};

export const getInvoicePdf = {
  operationId: 'getInvoicePdf',
  tags: ['Invoices'],
  summary: 'An invoice as a PDF',
  description:
    "The PDF the customer downloads from the portal, with the company's name, logo and colour, shown inline. " +
    'A draft renders as a draft invoice, so that the office can check it before sending it. ' +
    "Reading it here never counts as the customer viewing it. Another company's invoice: 404.",
  params: idParams,
  response: { 200: binaryReply('The PDF', ['application/pdf']), ...errors },
};

export const getProjectStatement = {
  operationId: 'getProjectStatement',
  tags: ['Invoices'],
  summary: "A project's statement of account: its balance and aging",
  description:
    'What the customer reads as the statement of account of the project, as of today (UTC): every sent invoice and payment in date order ' +
    "with the running balance, the totals, the balance (the project's balance on the portal) and the balance aged as current, 1-30, 31-60, " +
    "61-90 and over 90 days past due. Drafts and void invoices are left out. Another company's project: 404.",
  params: idParams,
  response: { 200: StatementSchema, ...errors },
};

export const createInvoice = {
  operationId: 'createInvoice',
  tags: ['Invoices'],
  summary: 'Create a draft invoice for a project',
  description:
    "A draft of one of the company's projects (project_id of another company: 422), which no customer sees until it is sent. " +
    'Amounts are decimal strings; every line amount, the subtotal, the tax (tax_rate percent of the subtotal) and the total are computed ' +
    "in whole cents, each rounded half away from zero. subtotal, tax, total and a line's amount may be sent as a check: 422 naming the field unless they match. " +
    'USD only. The number is unique within the company.',
  body: IntegrationInvoiceCreateSchema,
  response: { 201: IntegrationInvoiceDetailSchema, ...writeErrors },
};

export const updateInvoice = {
  operationId: 'updateInvoice',
  tags: ['Invoices'],
  summary: 'Change a draft invoice',
  description:
    'Only a draft: a sent or void invoice answers 409. Fields left out stay as they are; lines, when given, replace every line. ' +
    'The money is computed again from the lines and the tax rate; subtotal, tax, total and line amounts may be sent as checks (422 unless they match).',
  params: idParams,
  body: IntegrationInvoiceUpdateSchema,
  response: { 200: IntegrationInvoiceDetailSchema, ...writeErrors },
};

export const deleteInvoice = {
  operationId: 'deleteInvoice',
  tags: ['Invoices'],
  summary: 'Delete a draft invoice',
  description: "Only a draft, which no customer has seen: a sent invoice is in the customer's books and answers 409 (void it instead).",
  params: idParams,
  response: { 204: z.null().describe('Deleted'), ...writeErrors },
};

export const sendInvoice = {
  operationId: 'sendInvoice',
  tags: ['Invoices'],
  summary: 'Send a draft invoice to the customer',
  description:
    'The draft (with at least one line) becomes sent: the customer sees it on the portal at once, it can no longer be edited, ' +
    'and everyone the project is shared with gets an email with the invoice number, its amount and a link to it (while the company has invoicing switched on). ' +
    'An invoice already sent or void answers 409 and sends nothing.',
  params: idParams,
  response: { 200: IntegrationInvoiceDetailSchema, ...writeErrors },
};

export const recordInvoicePayment = {
  operationId: 'recordInvoicePayment',
  tags: ['Invoices'],
  summary: 'Record a payment against a sent invoice',
  description:
    'amount is a decimal string, more than 0.00 and at most the balance; currency USD only; paid_on not before the issue date nor after today (UTC). ' +
    'A draft or a void invoice answers 409. The answer is the payment and the invoice with its new status and balance, which the portal shows at once.',
  params: idParams,
  body: IntegrationPaymentCreateSchema,
  response: { 201: IntegrationPaymentRecordedSchema, ...writeErrors },
};

export const deleteInvoicePayment = {
  operationId: 'deleteInvoicePayment',
  tags: ['Invoices'],
  summary: 'Delete a payment recorded by mistake',
  description: 'The invoice owes that amount again; its status and balance follow at once. A payment of another invoice or company: 404.',
  params: paymentParams,
  response: { 204: z.null().describe('Deleted'), ...writeErrors },
};

export const voidInvoice = {
  operationId: 'voidInvoice',
  tags: ['Invoices'],
  summary: 'Void a sent invoice',
  description:
    'A sent invoice with no payments becomes void: the customer still sees it, as void, and it no longer counts in the balance of the project, ' +
    'the invoices page or the statement. An invoice with payments answers 409 (delete the payments first); a draft answers 409 (delete it instead).',
  params: idParams,
  response: { 200: IntegrationInvoiceDetailSchema, ...writeErrors },
};
