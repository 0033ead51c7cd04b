import type { ProposalDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { singleQueryOptions } from '../../../../lib/loaders';
import { proposalPath } from './paths';

export const proposalQueryOptions = (entity: number, proposal: number) => singleQueryOptions<ProposalDetail>(proposalPath(entity, proposal));

export function useProposal(entity: number, proposal: number) {
  return useQuery(proposalQueryOptions(entity, proposal));
}
