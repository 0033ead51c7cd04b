import type { IntegrationProposalDetail } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { proposalPath, refreshProposals } from './paths';

/** The draft becomes sent: the customers see it and are emailed; an older sent version becomes superseded. */
export const sendProposal = (proposalId: number) => staffRequest<IntegrationProposalDetail>(`${proposalPath(proposalId)}/send`, { method: 'POST', body: {} });

export function useSendProposal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendProposal, onSuccess: (sent) => refreshProposals(queryClient, sent.id) });
}
