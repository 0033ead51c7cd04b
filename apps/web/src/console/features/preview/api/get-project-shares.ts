import type { IntegrationShare } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffQueryOptions } from '../../../lib/staff-api';

/** The customers a project is shared with: whom it can be previewed as. */
export const projectSharesQueryOptions = (projectId: number) => staffQueryOptions<{ data: IntegrationShare[] }>(`/integration/projects/${projectId}/shares`);

export const useProjectShares = (projectId: number) => useQuery(projectSharesQueryOptions(projectId));
