import type { QueryClient } from '@tanstack/react-query';
import { staffQueryPrefix } from '../../../lib/staff-api';

/** The company API's paths the console's proposals read and write (docs/company-api.md, Proposals). */
export const PROPOSALS_PATH = '/integration/proposals';
export const proposalPath = (proposalId: number) => `${PROPOSALS_PATH}/${proposalId}`;

/** After any write the list and the proposal are read again, so every figure and status on screen is the server's. */
export async function refreshProposals(queryClient: QueryClient, proposalId?: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: staffQueryPrefix(PROPOSALS_PATH) }),
    proposalId === undefined ? null : queryClient.invalidateQueries({ queryKey: staffQueryPrefix(proposalPath(proposalId)) }),
  ]);
}
