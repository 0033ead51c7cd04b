import type { IntegrationProposalDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { proposalPath, refreshProposals } from './paths';

/** A sent proposal taken back: the customers still see it, marked withdrawn, and can no longer accept it. */
export const withdrawProposal = (proposalId: number) =>
  staffRequest<IntegrationProposalDetail>(`${proposalPath(proposalId)}/withdraw`, { method: 'POST', body: {} });

export function useWithdrawProposal(proposalId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => withdrawProposal(proposalId), onSuccess: () => refreshProposals(queryClient, proposalId) });
}
