import { PROPOSAL_DEFAULT_SORT } from '@portal/contract/proposal-constants';
import type { Proposal } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../../lib/loaders';
import { proposalsPath } from './paths';

export const PROPOSALS_PAGE_SIZE = 20;

/** One page of the project's proposals, the newest sent first. */
export const proposalsQueryOptions = (entity: number, page: number, size = PROPOSALS_PAGE_SIZE) =>
  pageQueryOptions<Proposal>(proposalsPath(entity), { sort: [PROPOSAL_DEFAULT_SORT], page: { number: page, size } });

export function useProposals(entity: number, page: number, size?: number) {
  return useQuery({ ...proposalsQueryOptions(entity, page, size), placeholderData: keepPreviousData });
}
