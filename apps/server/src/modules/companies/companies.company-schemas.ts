import { ApiErrorSchema, IntegrationCompanySchema, IntegrationCompanyUpdateSchema } from '@portal/contract';
import { publicImageDescription } from './public-images';

/**
 * What the company side's company routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in companies.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

export const getCompany = {
  tags: ['Company'],
  operationId: 'getCompany',
  summary: "The key's company: its details, branding, switches and theme code",
  response: { 200: IntegrationCompanySchema, ...errors },
};

export const updateCompany = {
  tags: ['Company'],
  operationId: 'updateCompany',
  summary: "Change the company's details, branding or switches",
  description:
    'Any of the fields; what is left out stays. The colour, name and theme code brand the portal and its sign-in pages at once. ' +
    'A theme code another company holds answers 422. `time_zone` is an IANA name (or UTC); all-day calendar items keep their dates in the new zone.',
  body: IntegrationCompanyUpdateSchema,
  response: { 200: IntegrationCompanySchema, ...errors },
};

export const uploadCompanyLogo = {
  tags: ['Company'],
  operationId: 'uploadCompanyLogo',
  summary: "Upload the company's logo",
  description: `${publicImageDescription} The portal and the sign-in pages show it at once.`,
  response: { 200: IntegrationCompanySchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
};

export const deleteCompanyLogo = {
  tags: ['Company'],
  operationId: 'deleteCompanyLogo',
  summary: "Remove the company's logo",
  description: 'The portal and the sign-in pages show the company name instead.',
  response: { 200: IntegrationCompanySchema, ...errors },
};
