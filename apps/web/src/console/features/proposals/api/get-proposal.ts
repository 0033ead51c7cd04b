import type { IntegrationProposalDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffQueryOptions } from '../../../lib/staff-api';
import { proposalPath } from './paths';

export const proposalQueryOptions = (proposalId: number) => staffQueryOptions<IntegrationProposalDetail>(proposalPath(proposalId));

export const useProposal = (proposalId: number) => useQuery(proposalQueryOptions(proposalId));
