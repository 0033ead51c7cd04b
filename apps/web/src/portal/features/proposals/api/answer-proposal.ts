import type { ProposalAccept, ProposalDecline, ProposalDetail } from '@portal/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, ApiRequestError } from '../../../../lib/api-client';
import { proposalQueryOptions } from './get-proposal';
import { proposalPath, proposalsPath } from './paths';

export const acceptProposal = (entity: number, proposal: number, body: ProposalAccept) =>
  apiRequest<ProposalDetail>(`${proposalPath(entity, proposal)}/accept`, { method: 'POST', body });

export const declineProposal = (entity: number, proposal: number, body: ProposalDecline) =>
  apiRequest<ProposalDetail>(`${proposalPath(entity, proposal)}/decline`, { method: 'POST', body });

/** The answer is the proposal as it now stands: shown at once, and the list (its status) read again. */
function settle(queryClient: QueryClient, entity: number, proposal: number, answered: ProposalDetail) {
  queryClient.setQueryData(proposalQueryOptions(entity, proposal).queryKey, answered);
  return queryClient.invalidateQueries({ queryKey: [proposalsPath(entity)] });
}

/**
 * A 409 (expired, withdrawn, replaced, or answered meanwhile in another tab) means the page is stale: the proposal is
 * read again so its status follows, and the form keeps showing the server's message.
 */
function refreshOnConflict(queryClient: QueryClient, entity: number, proposal: number) {
  return (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: proposalQueryOptions(entity, proposal).queryKey });
      void queryClient.invalidateQueries({ queryKey: [proposalsPath(entity)] });
    }
  };
}

export function useAcceptProposal(entity: number, proposal: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposalAccept) => acceptProposal(entity, proposal, body),
    onSuccess: (answered) => settle(queryClient, entity, proposal, answered),
    onError: refreshOnConflict(queryClient, entity, proposal),
  });
}

export function useDeclineProposal(entity: number, proposal: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposalDecline) => declineProposal(entity, proposal, body),
    onSuccess: (answered) => settle(queryClient, entity, proposal, answered),
    onError: refreshOnConflict(queryClient, entity, proposal),
  });
}
