import {
  ApiErrorSchema,
  IdSchema,
  IntegrationScheduleItemCreateSchema,
  IntegrationScheduleItemPageSchema,
  IntegrationScheduleItemSchema,
  IntegrationScheduleItemUpdateSchema,
  SCHEDULE_ITEM_STATUSES,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';

/**
 * What the company side's schedule routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in calendar.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
const idParams = z.object({ id: IdSchema });
const rangeFilters = {
  from: { kind: 'string', description: 'Items ending after: a date (YYYY-MM-DD, in the company’s zone) or a moment with its offset' },
  to: { kind: 'string', description: 'Items starting before the end of: a date (inclusive, in the company’s zone) or a moment with its offset' },
  status: { kind: 'string', description: `${SCHEDULE_ITEM_STATUSES.join(' or ')}; a comma means any of` },
  shared_with_portal: { kind: 'string', description: 'true: what customers see; false: internal items' },
  updated_since: { kind: 'timestamp' },
} as const;
const sorts = ['starts_at', 'updated_at', 'id'] as const;
export const projectListQuery = defineListQuery({ filters: rangeFilters, sorts, defaultSort: 'starts_at' });
export const companyListQuery = defineListQuery({
  filters: { ...rangeFilters, project_id: { kind: 'integer' }, assigned_staff_id: { kind: 'integer' } },
  sorts,
  defaultSort: 'starts_at',
});

export const listScheduleItems = {
  tags: ['Calendar'],
  operationId: 'listScheduleItems',
  summary: "The company's schedule across its projects",
  description:
    'Every project’s items, internal ones included, earliest first by default. `filter[from]`/`filter[to]` give the items overlapping a range ' +
    '(dates in the company’s zone, inclusive, or moments with their offsets); `filter[project_id]`, `filter[assigned_staff_id]`, `filter[status]`, ' +
    '`filter[shared_with_portal]`, `filter[updated_since]`.',
  querystring: companyListQuery.querystring,
  response: { 200: IntegrationScheduleItemPageSchema, ...errors },
};

export const listProjectScheduleItems = {
  tags: ['Calendar'],
  operationId: 'listProjectScheduleItems',
  summary: "A project's schedule, internal items included",
  description:
    'Earliest first by default. `filter[from]`/`filter[to]`: the items overlapping a range (dates in the company’s zone, inclusive, or moments with their offsets); ' +
    '`filter[status]`, `filter[shared_with_portal]`, `filter[updated_since]`. Another company’s project answers 404.',
  params: idParams,
  querystring: projectListQuery.querystring,
  response: { 200: IntegrationScheduleItemPageSchema, ...errors },
};

export const createScheduleItem = {
  tags: ['Calendar'],
  operationId: 'createScheduleItem',
  summary: 'Schedule a visit on a project',
  description:
    'Timed: `starts_at` and `ends_at` with their offsets (stored as UTC). All-day: `all_day: true` with `start_date` and `end_date` ' +
    '(inclusive, in the company’s zone; end defaults to the start). `assigned_staff_id`: an active member of the company (422 otherwise). ' +
    '`shared_with_portal` (default false): a shared item shows in the portal and the customers’ feeds and emails them (the `schedule` notice) ' +
    'while the calendar is switched on.',
  params: idParams,
  body: IntegrationScheduleItemCreateSchema,
  response: { 201: IntegrationScheduleItemSchema, ...errors },
};

export const getScheduleItem = {
  tags: ['Calendar'],
  operationId: 'getScheduleItem',
  summary: 'A schedule item of one of the company’s projects',
  params: idParams,
  response: { 200: IntegrationScheduleItemSchema, ...errors },
};

export const updateScheduleItem = {
  tags: ['Calendar'],
  operationId: 'updateScheduleItem',
  summary: 'Change or move a schedule item',
  description:
    'Any of the fields; what is left out stays. A change the customer sees (times, title, notes, location) raises `sequence` by one. ' +
    'Moving a shared item (new times) emails its customers again. Turning an internal item shared tells them of it as new. ' +
    'A cancelled item cannot be changed (409).',
  params: idParams,
  body: IntegrationScheduleItemUpdateSchema,
  response: { 200: IntegrationScheduleItemSchema, ...errors, 409: ApiErrorSchema },
};

export const cancelScheduleItem = {
  tags: ['Calendar'],
  operationId: 'cancelScheduleItem',
  summary: 'Cancel a schedule item',
  description:
    'The item stays, `status: cancelled`, `sequence` one higher: calendars that subscribed show it cancelled. A shared item emails its ' +
    'customers. Cancelling a cancelled item changes nothing.',
  params: idParams,
  response: { 200: IntegrationScheduleItemSchema, ...errors },
};

export const deleteScheduleItem = {
  tags: ['Calendar'],
  operationId: 'deleteScheduleItem',
  summary: 'Delete a schedule item',
  description: 'Gone from the portal and the feeds; nobody is emailed (cancel it instead to tell the customers).',
  params: idParams,
  response: { 204: z.null().describe('Deleted'), ...errors },
};
