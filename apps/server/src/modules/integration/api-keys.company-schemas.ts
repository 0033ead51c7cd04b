import { ApiErrorSchema, ApiKeyCreateSchema, ApiKeySchema, CreatedApiKeySchema, IdSchema } from '@portal/contract';
import { z } from 'zod';

/**
 * What the company side's API keys routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in api-keys.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

export const listApiKeys = {
  tags: ['API keys'],
  operationId: 'listApiKeys',
  summary: "The company's API keys, without their secrets",
  description: 'Each with its scopes, when it was last used, and when it expires or was revoked.',
  response: { 200: z.object({ data: z.array(ApiKeySchema) }), ...errors },
};

export const createApiKey = {
  tags: ['API keys'],
  operationId: 'createApiKey',
  summary: 'A new API key, shown this once',
  description:
    "Scopes left out: the calling key's own. A key never gives a scope its maker lacks (422 naming `scopes`), so a " +
    'key for one job cannot make itself a stronger one. An `expires_at` in the past is refused.',
  body: ApiKeyCreateSchema,
  response: { 201: CreatedApiKeySchema, ...errors },
};

export const revokeApiKey = {
  tags: ['API keys'],
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key at once',
  description: 'Its next call answers 401. A key may revoke itself. Revoking a revoked key is 204 again.',
  params: z.object({ id: IdSchema }),
  response: { 204: z.null().describe('Revoked'), ...errors },
};
