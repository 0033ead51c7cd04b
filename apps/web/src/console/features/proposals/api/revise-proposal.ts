import type { IntegrationProposalDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { proposalPath, refreshProposals } from './paths';

/** A new draft copied from a sent proposal: the same number, the next version. */
export const reviseProposal = (proposalId: number) =>
  staffRequest<IntegrationProposalDetail>(`${proposalPath(proposalId)}/revise`, { method: 'POST', body: {} });

export function useReviseProposal(proposalId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => reviseProposal(proposalId), onSuccess: (draft) => refreshProposals(queryClient, draft.id) });
}
