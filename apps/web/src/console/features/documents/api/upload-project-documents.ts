import type { IntegrationDocument } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffToken } from '../../../../lib/auth-token';
import { staffQueryPrefix } from '../../../lib/staff-api';
import { uploadWithProgress } from '../../../../lib/upload-with-progress';
import { projectDocumentsPath } from './get-project-documents';

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
