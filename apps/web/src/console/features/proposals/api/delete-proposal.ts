import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { proposalPath, refreshProposals } from './paths';

/** A draft nobody has seen goes for good. */
export const deleteProposal = (proposalId: number) => staffRequest<void>(proposalPath(proposalId), { method: 'DELETE' });

export function useDeleteProposal(proposalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteProposal(proposalId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: staffQueryPrefix(proposalPath(proposalId)) });
      await refreshProposals(queryClient);
    },
  });
}
