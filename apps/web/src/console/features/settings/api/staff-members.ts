import type { IntegrationStaff } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffPageQueryOptions, staffQueryPrefix } from '../../../lib/staff-api';

export const STAFF_PATH = '/integration/staff';

/** `GET /integration/staff`: every member, active or not, by name (a company's staff fits one page). */
export const staffMembersQueryOptions = () => staffPageQueryOptions<IntegrationStaff>(STAFF_PATH, { sort: 'name', page: { number: 1, size: 100 } });
export const useStaffMembers = () => useQuery(staffMembersQueryOptions());

/** A write to the staff: the list is read again after it. */
export function useStaffWrite<A, R>(write: (argument: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: staffQueryPrefix(STAFF_PATH) }) });
}
