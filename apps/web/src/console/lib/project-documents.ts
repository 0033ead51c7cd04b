import type { IntegrationDocument } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { staffToken } from '../../lib/auth-token';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { staffPage, staffQueryPrefix } from './staff-api';

/**
 * A project's documents as the company API serves them: the Documents tab lists and uploads them, and a change order
 * attaches files uploaded here (docs/company-api.md "Change orders").
 */
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

export interface DocumentsUpload {
  files: File[];
  /** Shared at once with the project's customers (they are emailed), or kept to the company until shared. */
  shared: boolean;
}

/** Uploads one or several files in one request: the server keeps all of them or none. */
export function uploadProjectDocuments(projectId: number, upload: DocumentsUpload, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('shared', String(upload.shared));
  for (const file of upload.files) form.append('files', file, file.name);
  return uploadWithProgress<{ data: IntegrationDocument[] }>(projectDocumentsPath(projectId), form, { token: staffToken.get(), onProgress });
}

export function useUploadProjectDocuments(projectId: number, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: DocumentsUpload) => uploadProjectDocuments(projectId, upload, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryPrefix(projectDocumentsPath(projectId)) }),
  });
}
