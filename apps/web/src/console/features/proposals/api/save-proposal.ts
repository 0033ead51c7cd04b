import type { IntegrationProposalCreate, IntegrationProposalDetail, IntegrationProposalUpdate } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from '../../../lib/staff-api';
import { PROPOSALS_PATH, proposalPath, refreshProposals } from './paths';

export const createProposal = (body: IntegrationProposalCreate) => staffRequest<IntegrationProposalDetail>(PROPOSALS_PATH, { method: 'POST', body });

export const updateProposal = (proposalId: number, body: IntegrationProposalUpdate) =>
  staffRequest<IntegrationProposalDetail>(proposalPath(proposalId), { method: 'PATCH', body });

export type ProposalDraftBody = Omit<IntegrationProposalCreate, 'project_id' | 'currency'>;

/** A new draft, or the draft `proposalId` changed: every field is sent, and `sections` replaces the draft's sections. */
export function useSaveProposal(projectId: number, proposalId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProposalDraftBody) => (proposalId === undefined ? createProposal({ ...body, project_id: projectId }) : updateProposal(proposalId, body)),
    onSuccess: (saved) => refreshProposals(queryClient, saved.id),
  });
}
