import type { IntegrationPortalUser, IntegrationPortalUserCreate, IntegrationShare, InvitationSent } from '@portal/contract';
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
 * Invites someone to the project (docs/company-api.md, "Customers and sharing"): the company's customer by email, the
 * names typed being the company's own for them (a person with a portal login already is linked, nothing of theirs
 * changes: docs/decisions/110-what-a-company-knows-of-a-shared-customer.md), the project shared with them, the
 * invitation sent. A failure after the first step leaves them the company's customer, which shares nothing.
 */
export function useInviteCustomer(projectId: number) {
  const invalidate = useInvalidateCustomers(projectId);
  return useMutation({
    mutationFn: async (body: IntegrationPortalUserCreate) => {
      const person = await staffRequest<IntegrationPortalUser>(PORTAL_USERS_PATH, { method: 'POST', body });
      await staffRequest<IntegrationShare>(sharesPath(projectId), { method: 'POST', body: { portal_user_id: person.id } });
      // The invitation's expiry, for the page to say.
      const sent = await staffRequest<InvitationSent>(`${PORTAL_USERS_PATH}/${person.id}/invite`, { method: 'POST' });
      return { person, expiresAt: sent.expires_at };
    },
    onSettled: invalidate,
  });
}

/** Sends the invitation again: a new link, the old one stops working. */
export function useResendInvitation(projectId: number) {
  const invalidate = useInvalidateCustomers(projectId);
  return useMutation({
    mutationFn: (portalUserId: number) => staffRequest<InvitationSent>(`${PORTAL_USERS_PATH}/${portalUserId}/resend`, { method: 'POST' }),
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
