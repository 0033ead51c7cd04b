import { ApiErrorSchema, AuditActorListSchema, AuditEntryPageSchema } from '@portal/contract';
import { defineListQuery } from '../../lib/list-query';

/**
 * What the company side's audit log routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in audit.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

export const auditListQuery = defineListQuery({
  filters: {
    actor_kind: { kind: 'string', description: 'api_key, staff, operator or portal_user; a comma means any of' },
    actor_id: { kind: 'integer', description: 'The key or staff member (with filter[actor_kind]); a comma means any of' },
    action: { kind: 'string', description: "The route's operationId, e.g. createNote; a comma means any of" },
    updated_since: { kind: 'timestamp', description: 'Entries written at or after this moment (entries never change)' },
  },
  sorts: ['id'],
  defaultSort: '-id',
});

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

export const listAuditLog = {
  operationId: 'listAuditLog',
  tags: ['Audit log'],
  summary: 'List who did what on the company side',
  description:
    'Every successful write of an API key, a staff member or the operator, newest first (sort=id for oldest first): ' +
    "the actor (kind, id and the label it had then), the action (the route's operationId) and its summary, the method and " +
    'route pattern, the record it named, the status, the request id and the IP. Never a body or a query string. ' +
    'filter[actor_kind], filter[actor_id], filter[action] (comma = any of), filter[updated_since].',
  querystring: auditListQuery.querystring,
  response: { 200: AuditEntryPageSchema, ...errors },
};

export const listAuditActors = {
  operationId: 'listAuditActors',
  tags: ['Audit log'],
  summary: 'List everyone who appears in the audit log',
  description: 'Each key, staff member or the operator once, with the label of their latest entry: what to filter the log by.',
  response: {
    200: AuditActorListSchema,
    ...errors,
  },
};
