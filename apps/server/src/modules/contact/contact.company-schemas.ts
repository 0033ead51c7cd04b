import {
  ApiErrorSchema,
  CONTACT_MESSAGE_DEFAULT_SORT,
  CONTACT_MESSAGE_SORTS,
  IdSchema,
  IntegrationContactMessagePageSchema,
  IntegrationContactMessageSchema,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';

/**
 * What the company side's contact messages routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in contact.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

export const integrationMessagesListQuery = defineListQuery({
  filters: {
    handled: { kind: 'string', description: 'true: handled messages only; false: those still to handle' },
    project_id: { kind: 'integer', description: "The company's projects; a comma means any of: 12,13" },
    updated_since: { kind: 'timestamp' },
  },
  sorts: CONTACT_MESSAGE_SORTS,
  defaultSort: CONTACT_MESSAGE_DEFAULT_SORT,
});
const idParams = z.object({ id: IdSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export const listContactMessages = {
  operationId: 'listContactMessages',
  tags: ['Contact messages'],
  summary: 'List the messages customers sent through the contact page',
  description:
    'Newest first unless sort says otherwise (sort takes ' +
    `${CONTACT_MESSAGE_SORTS.join(', ')}, - for descending). filter[handled]=true or false, filter[project_id] (comma = any of), ` +
    'filter[updated_since] (an ISO 8601 moment with its offset: messages sent or marked at or after it, for a sync).',
  querystring: integrationMessagesListQuery.querystring,
  response: { 200: IntegrationContactMessagePageSchema, ...errors },
};

export const getContactMessage = {
  operationId: 'getContactMessage',
  tags: ['Contact messages'],
  summary: 'Read a contact message',
  description: "Another company's message: 404.",
  params: idParams,
  response: { 200: IntegrationContactMessageSchema, ...errors },
};

export const markContactMessageHandled = {
  operationId: 'markContactMessageHandled',
  tags: ['Contact messages'],
  summary: 'Mark a contact message handled',
  description: 'Records when, and with which API key. A message already handled keeps when and by which key it was first handled.',
  params: idParams,
  response: { 200: IntegrationContactMessageSchema, ...errors },
};

export const markContactMessageUnhandled = {
  operationId: 'markContactMessageUnhandled',
  tags: ['Contact messages'],
  summary: 'Mark a contact message as still to handle',
  description: 'Clears when and by which key it was handled.',
  params: idParams,
  response: { 200: IntegrationContactMessageSchema, ...errors },
};
