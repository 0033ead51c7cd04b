import { ApiErrorSchema, IdSchema, IntegrationDocumentPageSchema, IntegrationDocumentSchema, MAX_DOCUMENT_BYTES } from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';

/**
 * What the company side's documents routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in documents.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

export const MAX_FILES = 20;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
const idParams = z.object({ id: IdSchema });
export const syncQuery = defineListQuery({ filters: { updated_since: { kind: 'timestamp' } } });

export const listDocuments = {
  tags: ['Documents'],
  operationId: 'listDocuments',
  summary: "A project's documents: the company's, shared or not, and what customers uploaded",
  params: idParams,
  querystring: syncQuery.querystring,
  response: { 200: IntegrationDocumentPageSchema, ...errors },
};

export const uploadDocuments = {
  tags: ['Documents'],
  operationId: 'uploadDocuments',
  summary: 'Upload documents to a project',
  description:
    `multipart/form-data: up to ${MAX_FILES} files in \`files\` (the portal's kinds, checked by their bytes, at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB each) ` +
    'and an optional `shared` (true|false, default false). All or nothing. Shared ones tell the customers, as sharing does.',
  params: idParams,
  response: { 201: z.object({ data: z.array(IntegrationDocumentSchema) }), ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
};

export const getDocument = {
  tags: ['Documents'],
  operationId: 'getDocument',
  summary: 'A document, with its signed view and download links',
  params: idParams,
  response: { 200: IntegrationDocumentSchema, ...errors },
};

export const deleteDocument = {
  tags: ['Documents'],
  operationId: 'deleteDocument',
  summary: 'Delete a document and its file',
  params: idParams,
  response: { 204: z.null().describe('Deleted'), ...errors },
};

/** shareDocument and unshareDocument, one route each. */
export const setDocumentShared = (action: 'share' | 'unshare', shared: boolean) => ({
  tags: ['Documents'],
  operationId: `${action}Document`,
  summary: shared ? 'Share a document with the project’s customers' : 'Stop sharing a document',
  description: shared ? 'It shows on the portal at once; each customer of the project is emailed once per document.' : 'It leaves the portal at once.',
  params: idParams,
  response: { 200: IntegrationDocumentSchema, ...errors },
});
