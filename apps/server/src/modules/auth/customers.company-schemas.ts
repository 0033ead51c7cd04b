import {
  ApiErrorSchema,
  IdSchema,
  INVITATION_TTL_DAYS,
  InvitationAcceptedSchema,
  InvitationAcceptSchema,
  InvitationSentSchema,
  IntegrationPortalUserCreateSchema,
  IntegrationPortalUserPageSchema,
  IntegrationPortalUserSchema,
  IntegrationPortalUserUpdateSchema,
  IntegrationShareCreateSchema,
  IntegrationShareSchema,
} from '@portal/contract';
import { z } from 'zod';
import { defineListQuery } from '../../lib/list-query';

/**
 * What the company side's portal users (customers) routes take and answer, with the words the OpenAPI document (/api/openapi.json)
 * gives them: one schema per route, named by its operationId. The handlers are in customers.company-routes.ts
 * (docs/decisions/121-company-routes-and-their-schemas-apart.md).
 */

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };
const idParams = z.object({ id: IdSchema });
export const customersQuery = defineListQuery({
  filters: { updated_since: { kind: 'timestamp' }, email: { kind: 'string' } },
  sorts: ['id', 'email', 'updated_at'],
});

export const listPortalUsers = {
  tags: ['Portal users'],
  operationId: 'listPortalUsers',
  summary: "The company's customers",
  description: 'The portal users the company created or shared something with. `filter[email]` finds one by address.',
  querystring: customersQuery.querystring,
  response: { 200: IntegrationPortalUserPageSchema, ...errors },
};

export const getPortalUser = {
  tags: ['Portal users'],
  operationId: 'getPortalUser',
  summary: 'A customer',
  params: idParams,
  response: { 200: IntegrationPortalUserSchema, ...errors },
};

export const createPortalUser = {
  tags: ['Portal users'],
  operationId: 'createPortalUser',
  summary: 'Add a customer',
  description:
    "By email: 201 when the person becomes the company's customer, whether new to the portal or already signed up through " +
    "another company (nothing of theirs is shown or changed: the names given are this company's own for them); 200 with " +
    "the company's record, unchanged, when they are its customer already (a deactivated one is active again). " +
    'Nothing is sent until the invitation.',
  body: IntegrationPortalUserCreateSchema,
  response: { 200: IntegrationPortalUserSchema, 201: IntegrationPortalUserSchema, ...errors },
};

export const updatePortalUser = {
  tags: ['Portal users'],
  operationId: 'updatePortalUser',
  summary: "Correct a customer's name",
  description:
    "Changes this company's names for the person: what its answers, console and emails call them. Other companies' names for " +
    'them, and the name they go by in the portal (theirs to change in account settings), stay as they are.',
  params: idParams,
  body: IntegrationPortalUserUpdateSchema,
  response: { 200: IntegrationPortalUserSchema, ...errors },
};

export const deactivatePortalUser = {
  tags: ['Portal users'],
  operationId: 'deactivatePortalUser',
  summary: "End a customer's access to this company's projects",
  description: "Every share this company gave them goes at once; their next request on those projects is 404. Their other companies' projects stay.",
  params: idParams,
  response: { 200: IntegrationPortalUserSchema, ...errors },
};

export const erasePortalUser = {
  tags: ['Portal users'],
  operationId: 'erasePortalUser',
  summary: "Erase a customer's personal data",
  description:
    "Their shares and this company's link go. When no other company serves them, their name, email, password and sessions go too; " +
    'the company keeps its records (their notes stay, signed by a former customer). Answers what was done.',
  params: idParams,
  response: { 200: z.object({ outcome: z.enum(['erased', 'unlinked']) }), ...errors },
};

export const listProjectShares = {
  tags: ['Sharing'],
  operationId: 'listProjectShares',
  summary: 'Who a project is shared with, and whether they have signed in',
  description: 'Each as this company names them; `last_sign_in_at` as for a customer (a sign-in this company may know of).',
  params: idParams,
  response: { 200: z.object({ data: z.array(IntegrationShareSchema) }), ...errors },
};

export const shareProject = {
  tags: ['Sharing'],
  operationId: 'shareProject',
  summary: 'Share a project with a customer',
  description: "The customer must be the company's own, and active (422 otherwise). Sharing twice answers the first share.",
  params: idParams,
  body: IntegrationShareCreateSchema,
  response: { 200: IntegrationShareSchema, ...errors },
};

export const unshareProject = {
  tags: ['Sharing'],
  operationId: 'unshareProject',
  summary: 'Stop sharing a project with a customer',
  description: 'Their next request on the project answers 404.',
  params: z.object({ id: IdSchema, portalUserId: IdSchema }),
  response: { 204: z.null().describe('No longer shared'), ...errors },
};

export const acceptInvitation = {
  tags: ['auth'],
  operationId: 'acceptInvitation',
  summary: 'Sign in with an invitation link',
  description:
    `The link works once and for ${INVITATION_TTL_DAYS} days. Answers a session like a sign-in, and for someone without a password a ` +
    'password_token to choose one with POST /auth/password-reset/confirm. Counts against the 10 sign-ins a minute per IP.',
  body: InvitationAcceptSchema,
  response: { 200: InvitationAcceptedSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
};

/** invitePortalUser and resendPortalUserInvitation, one route each. */
export const sendPortalUserInvitation = (action: 'invite' | 'resend') => ({
  tags: ['Portal users'],
  operationId: action === 'invite' ? 'invitePortalUser' : 'resendPortalUserInvitation',
  summary: action === 'invite' ? 'Email the customer an invitation' : 'Send the invitation again (the old link stops working)',
  description:
    `The email greets them by this company's name for them. Its link works once and for ${INVITATION_TTL_DAYS} days: it signs the customer in, ` +
    "then offers to choose a password. A new invitation voids this company's older links; other companies' stay.",
  params: idParams,
  response: { 200: InvitationSentSchema, ...errors, 409: ApiErrorSchema },
});
