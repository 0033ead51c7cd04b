import type { ApiError, Document } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiBase } from '../../../lib/api-client';
import { authToken } from '../../../lib/auth-token';
import { documentsPath } from './get-documents';

/**
 * Uploads one file as multipart/form-data. XMLHttpRequest rather than fetch: only it reports upload
 * progress. `onProgress` gets a fraction from 0 to 1.
 */
export function uploadDocument(entity: number, file: File, onProgress: (fraction: number) => void): Promise<Document> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBase()}${documentsPath(entity)}`);
    request.setRequestHeader('Accept', 'application/json');
    const token = authToken.get();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the error below carries the status alone.
      }
      if (request.status >= 200 && request.status < 300) resolve(body as Document);
      else reject(new ApiRequestError(request.status, body as Partial<ApiError> | null));
    });
    request.addEventListener('error', () => reject(new ApiRequestError(0, { message: 'The upload failed: the connection was lost.' })));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/** The upload as a mutation; on success the project's document list is read again. */
export function useUploadDocument(entity: number, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadDocument(entity, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [documentsPath(entity)] }),
  });
}
