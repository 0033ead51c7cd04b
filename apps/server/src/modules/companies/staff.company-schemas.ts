import {
  ApiErrorSchema,
  IdSchema,
  IntegrationStaffCreateSchema,
  IntegrationStaffPageSchema,
  IntegrationStaffSchema,
  IntegrationStaffUpdateSchema,
  INVITATION_TTL_DAYS,
  StaffInvitationSentSchema,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';
import { publicImageDescription } from './public-images';

/**
 * What the company side's staff routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in staff.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
const idParams = z.object({ id: IdSchema });
export const staffListQuery = defineListQuery({
  filters: {
    updated_since: { kind: 'timestamp' },
    active: { kind: 'string', description: 'true: active members only; false: deactivated ones' },
  },
  sorts: ['id', 'name', 'updated_at'],
});

export const listStaff = {
  tags: ['Staff'],
  operationId: 'listStaff',
  summary: "The company's staff",
  querystring: staffListQuery.querystring,
  response: { 200: IntegrationStaffPageSchema, ...errors },
};

export const getStaffMember = {
  tags: ['Staff'],
  operationId: 'getStaffMember',
  summary: 'A staff member',
  params: idParams,
  response: { 200: IntegrationStaffSchema, ...errors },
};

export const createStaffMember = {
  tags: ['Staff'],
  operationId: 'createStaffMember',
  summary: 'Add a staff member',
  description: 'Role `owner` or `staff` (default). Two active members of the company never share an email (422).',
  body: IntegrationStaffCreateSchema,
  response: { 201: IntegrationStaffSchema, ...errors },
};

export const updateStaffMember = {
  tags: ['Staff'],
  operationId: 'updateStaffMember',
  summary: 'Change a staff member',
  description: 'Any of name, email, title, phone and role; what is left out stays.',
  params: idParams,
  body: IntegrationStaffUpdateSchema,
  response: { 200: IntegrationStaffSchema, ...errors },
};

export const inviteStaffMember = {
  tags: ['Staff'],
  operationId: 'inviteStaffMember',
  summary: 'Email a staff member their invitation to the staff console',
  description:
    `A link that sets their password and signs them in, once, for ${INVITATION_TTL_DAYS} days; sending it again ends the one before. ` +
    'The member must be active and have an email (422 naming `email` otherwise). Someone who already has a password may use it to choose a new one.',
  params: idParams,
  response: { 200: StaffInvitationSentSchema, ...errors },
};

export const uploadStaffAvatar = {
  tags: ['Staff'],
  operationId: 'uploadStaffAvatar',
  summary: "Upload a staff member's picture",
  description: `${publicImageDescription} The portal shows it beside their notes while profile pictures are switched on.`,
  params: idParams,
  response: { 200: IntegrationStaffSchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
};

export const deleteStaffAvatar = {
  tags: ['Staff'],
  operationId: 'deleteStaffAvatar',
  summary: "Remove a staff member's picture",
  params: idParams,
  response: { 200: IntegrationStaffSchema, ...errors },
};

/** deactivateStaffMember and reactivateStaffMember, one route each. */
export const setStaffMemberActive = (action: 'deactivate' | 'reactivate', active: boolean) => ({
  tags: ['Staff'],
  operationId: `${action}StaffMember`,
  summary: active ? 'Reactivate a staff member' : 'Deactivate a staff member',
  description: active
    ? 'They may sign notes and represent projects again; refused (422) when an active member now has their email.'
    : 'They stay the author of their notes and the rep of their projects, but sign nothing new and represent no new project.',
  params: idParams,
  response: { 200: IntegrationStaffSchema, ...errors },
});
