import type { IntegrationPortalUser, IntegrationPortalUserCreate, IntegrationShare } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { PORTAL_USERS_PATH, sharesPath } from './get-customers';

function useInvalidateCustomers(projectId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staffQueryPrefix(sharesPath(projectId)) }),
      queryClient.invalidateQueries({ queryKey: staffQueryPrefix(PORTAL_USERS_PATH) }),
    ]);
}

/**
 * Invites someone to the project (docs/company-api.md, "Customers and sharing"): the company's customer by email (a
 * person with a portal login already is linked, nothing of theirs changes), the project shared with them, the
 * invitation sent. A failure after the first step leaves them the company's customer, which shares nothing.
 */
export function useInviteCustomer(projectId: number) {
  const invalidate = useInvalidateCustomers(projectId);
  return useMutation({
    mutationFn: async (body: IntegrationPortalUserCreate) => {
      const person = await staffRequest<IntegrationPortalUser>(PORTAL_USERS_PATH, { method: 'POST', body });
      await staffRequest<IntegrationShare>(sharesPath(projectId), { method: 'POST', body: { portal_user_id: person.id } });
      await staffRequest(`${PORTAL_USERS_PATH}/${person.id}/invite`, { method: 'POST' });
      return person;
    },
    onSettled: invalidate,
  });
}

/** Sends the invitation again: a new link, the old one stops working. */
export function useResendInvitation(projectId: number) {
  const invalidate = useInvalidateCustomers(projectId);
  return useMutation({
    mutationFn: (portalUserId: number) => staffRequest(`${PORTAL_USERS_PATH}/${portalUserId}/resend`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

/** Stops sharing the project with someone: their next request on it is refused. */
export function useRemoveAccess(projectId: number) {
  const invalidate = useInvalidateCustomers(projectId);
  return useMutation({
    mutationFn: (portalUserId: number) => staffRequest(`${sharesPath(projectId)}/${portalUserId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
