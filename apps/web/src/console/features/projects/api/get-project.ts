import type { IntegrationProject } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { staffQueryOptions } from '../../../lib/staff-api';

/** One project with its account, status and cover, as the overview shows and edits it. */
export const staffProjectDetailsQueryOptions = (projectId: number) =>
  staffQueryOptions<IntegrationProject>(`/integration/projects/${projectId}`, { include: ['account', 'status', 'cover_photo'], append: ['last_activity_at'] });

export const useStaffProjectDetails = (projectId: number) => useQuery(staffProjectDetailsQueryOptions(projectId));
