import type { IntegrationDocument } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { staffPage, staffQueryPrefix } from '../../../lib/staff-api';

export const projectDocumentsPath = (projectId: number) => `/integration/projects/${projectId}/documents`;

/** Every document of the project, the company's and the customers' uploads, 100 at a time ("Show more"). */
export const projectDocumentsQueryOptions = (projectId: number) =>
  infiniteQueryOptions({
    queryKey: [...staffQueryPrefix(projectDocumentsPath(projectId)), 'all'],
    queryFn: ({ pageParam, signal }) => staffPage<IntegrationDocument>(projectDocumentsPath(projectId), { page: { number: pageParam, size: 100 } }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.next_page_url ? last.current_page + 1 : undefined),
  });

export const useProjectDocuments = (projectId: number) => useInfiniteQuery(projectDocumentsQueryOptions(projectId));
