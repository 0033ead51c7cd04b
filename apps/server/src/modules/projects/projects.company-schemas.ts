import {
  ApiErrorSchema,
  IdSchema,
  IntegrationAccountInputSchema,
  IntegrationAccountPageSchema,
  IntegrationAccountSchema,
  IntegrationAccountUpdateSchema,
  IntegrationLookupInputSchema,
  IntegrationLookupUpdateSchema,
  IntegrationProjectInputSchema,
  IntegrationProjectPageSchema,
  IntegrationProjectSchema,
  IntegrationProjectUpdateSchema,
  INTEGRATION_PROJECT_APPENDS,
  INTEGRATION_PROJECT_INCLUDES,
  INTEGRATION_PROJECT_SORTS,
  IntegrationSiteTypeSchema,
  IntegrationStatusSchema,
  paginatedSchema,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';

/**
 * What the company side's accounts, projects, statuses and site types routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in projects.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
const idParams = z.object({ id: IdSchema });
const deleted = z.null().describe('Deleted');
const syncList = (sorts: readonly string[], filters: Record<string, { kind: 'integer' }> = {}) =>
  defineListQuery({ filters: { updated_since: { kind: 'timestamp' }, ...filters }, sorts: ['id', 'updated_at', ...sorts] });
export const accountsQuery = defineListQuery({
  filters: { updated_since: { kind: 'timestamp' }, search: { kind: 'string', description: 'Text in the name or email; a comma means any of' } },
  sorts: ['id', 'updated_at', 'name'],
});
export const projectsQuery = defineListQuery({
  filters: {
    updated_since: { kind: 'timestamp' },
    account_id: { kind: 'integer' },
    status_id: { kind: 'integer' },
    search: { kind: 'string', description: 'Text in the name, the number or the account’s name; a comma means any of' },
  },
  sorts: INTEGRATION_PROJECT_SORTS,
  includes: INTEGRATION_PROJECT_INCLUDES,
  appends: INTEGRATION_PROJECT_APPENDS,
});
export const projectQuery = defineListQuery({ includes: INTEGRATION_PROJECT_INCLUDES, appends: INTEGRATION_PROJECT_APPENDS, paginate: false });
export const lookupQuery = syncList(['name']);

export const listAccounts = {
  tags: ['Accounts'],
  operationId: 'listAccounts',
  summary: "The company's customer accounts",
  querystring: accountsQuery.querystring,
  response: { 200: IntegrationAccountPageSchema, ...errors },
};

export const getAccount = {
  tags: ['Accounts'],
  operationId: 'getAccount',
  summary: 'An account',
  params: idParams,
  response: { 200: IntegrationAccountSchema, ...errors },
};

export const createAccount = {
  tags: ['Accounts'],
  operationId: 'createAccount',
  summary: 'Add a customer account (contact, billing and shipping address)',
  body: IntegrationAccountInputSchema,
  response: { 201: IntegrationAccountSchema, ...errors },
};

export const updateAccount = {
  tags: ['Accounts'],
  operationId: 'updateAccount',
  summary: 'Change an account',
  params: idParams,
  body: IntegrationAccountUpdateSchema,
  response: { 200: IntegrationAccountSchema, ...errors },
};

export const deleteAccount = {
  tags: ['Accounts'],
  operationId: 'deleteAccount',
  summary: 'Delete an account no project uses',
  description: 'While a project names the account: 409.',
  params: idParams,
  response: { 204: deleted, ...errors, 409: ApiErrorSchema },
};

export const listProjects = {
  tags: ['Projects'],
  operationId: 'listProjects',
  summary: "The company's projects",
  description:
    '`filter[search]` finds text in the name, number or account name. `include=account,status,cover_photo` embeds them; ' +
    '`append=last_activity_at` adds the newest change on each project (its record, a note, photo, document or invoice). ' +
    'Sorts `status` (by the statuses’ positions), `customer` (the account’s name) and `balance` (`portal_balance_amount`) put projects without one last. ' +
    '`portal_total_amount` and `portal_balance_amount` are what the customers see: the sent invoices’ figures when the company ' +
    'invoices through the portal and the project has sent invoices, else its own `financials_total_amount` and `financials_balance_amount`.',
  querystring: projectsQuery.querystring,
  response: { 200: IntegrationProjectPageSchema, ...errors },
};

export const getProject = {
  tags: ['Projects'],
  operationId: 'getProject',
  summary: 'A project',
  description: '`include=account,status,cover_photo` and `append=last_activity_at` as on the list.',
  params: idParams,
  querystring: projectQuery.querystring,
  response: { 200: IntegrationProjectSchema, ...errors },
};

export const createProject = {
  tags: ['Projects'],
  operationId: 'createProject',
  summary: 'Add a project',
  description:
    'The account, status, site type and primary rep must be the company’s own (the rep an active member): 422 naming the field otherwise. ' +
    '`account` instead of `account_id` makes a new account for it in the same transaction: a refused project leaves none behind.',
  body: IntegrationProjectInputSchema,
  response: { 201: IntegrationProjectSchema, ...errors },
};

export const updateProject = {
  tags: ['Projects'],
  operationId: 'updateProject',
  summary: 'Change a project',
  description:
    'What is left out stays. The customers it is shared with see the change on their next request. `account` makes a new ' +
    'account for it, as on create. `cover_photo_id` makes one of its photos, in a shared album, the cover the portal shows: ' +
    'that album takes it as its cover and moves first. All or nothing.',
  params: idParams,
  body: IntegrationProjectUpdateSchema,
  response: { 200: IntegrationProjectSchema, ...errors },
};

export const deleteProject = {
  tags: ['Projects'],
  operationId: 'deleteProject',
  summary: 'Delete a project that holds nothing yet',
  description: 'Its shares go with it. A project with notes, albums, documents or invoices answers 409: those are the customer’s history.',
  params: idParams,
  response: { 204: deleted, ...errors, 409: ApiErrorSchema },
};

/** Statuses and site types: the same five routes each. */
export function lookupSchemas(kind: 'statuses' | 'site-types') {
  const [label, tag, schema] =
    kind === 'statuses'
      ? (['project status', 'Project statuses', IntegrationStatusSchema] as const)
      : (['site type', 'Site types', IntegrationSiteTypeSchema] as const);
  const noun = kind === 'statuses' ? 'ProjectStatus' : 'SiteType';
  return {
    list: {
      tags: [tag],
      operationId: `list${noun === 'ProjectStatus' ? 'ProjectStatuses' : 'SiteTypes'}`,
      summary: `The company's ${label === 'project status' ? 'project statuses' : 'site types'}`,
      querystring: lookupQuery.querystring,
      response: { 200: paginatedSchema(schema), ...errors },
    },
    get: { tags: [tag], operationId: `get${noun}`, summary: `A ${label}`, params: idParams, response: { 200: schema, ...errors } },
    create: {
      tags: [tag],
      operationId: `create${noun}`,
      summary: `Add a ${label}`,
      body: IntegrationLookupInputSchema,
      response: { 201: schema, ...errors },
    },
    update: {
      tags: [tag],
      operationId: `update${noun}`,
      summary: `Change a ${label}`,
      params: idParams,
      body: IntegrationLookupUpdateSchema,
      response: { 200: schema, ...errors },
    },
    remove: {
      tags: [tag],
      operationId: `delete${noun}`,
      summary: `Delete a ${label} no project has`,
      description: 'While a project has it: 409.',
      params: idParams,
      response: { 204: deleted, ...errors, 409: ApiErrorSchema },
    },
  };
}
