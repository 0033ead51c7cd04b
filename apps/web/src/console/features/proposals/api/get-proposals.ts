import type { IntegrationProposal } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffPageQueryOptions } from '../../../lib/staff-api';
import { PROPOSALS_PATH } from './paths';

export const PROPOSALS_PAGE_SIZE = 20;

/** One page of the project's proposals, drafts and every version included, the newest first. */
export const projectProposalsQueryOptions = (projectId: number, page: number, size = PROPOSALS_PAGE_SIZE) =>
  staffPageQueryOptions<IntegrationProposal>(PROPOSALS_PATH, {
    filter: { project_id: projectId },
    sort: ['-created_at', '-id'],
    page: { number: page, size },
  });

export const useProjectProposals = (projectId: number, page: number, size?: number) =>
  useQuery({ ...projectProposalsQueryOptions(projectId, page, size), placeholderData: keepPreviousData });
