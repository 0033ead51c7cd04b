import type { IntegrationPortalUser, IntegrationShare } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions, staffQueryOptions } from '../../../lib/staff-api';

export const sharesPath = (projectId: number) => `/integration/projects/${projectId}/shares`;
export const PORTAL_USERS_PATH = '/integration/portal-users';

export interface ProjectCustomer {
  share: IntegrationShare;
  /** The company's record of the person: when it invited them, whether they have signed in since. */
  person: IntegrationPortalUser | null;
}

/**
 * Who a project is shared with, each with the company's record of them: the shares, then the people in one request
 * by their emails (never one request per person).
 */
export function useProjectCustomers(projectId: number) {
  const shares = useQuery(staffQueryOptions<{ data: IntegrationShare[] }>(sharesPath(projectId)));
  const emails = (shares.data?.data ?? []).map((share) => share.portal_user.email).sort();
  const people = useQuery({
    ...staffPageQueryOptions<IntegrationPortalUser>(PORTAL_USERS_PATH, { filter: { email: emails }, page: { size: 100 } }),
    enabled: emails.length > 0,
  });
  const byId = new Map((people.data?.data ?? []).map((person) => [person.id, person]));
  const customers: ProjectCustomer[] | undefined = shares.data?.data.map((share) => ({ share, person: byId.get(share.portal_user.id) ?? null }));
  return { customers, isPending: shares.isPending || (emails.length > 0 && people.isPending), isError: shares.isError || people.isError };
}
