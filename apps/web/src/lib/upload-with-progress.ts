import type { ApiError } from '@portal/contract';
import { ApiRequestError, apiBase } from './api-client';

/**
 * Sends a multipart form to the API and reports how much has gone. XMLHttpRequest rather than fetch: only it reports
 * upload progress. `onProgress` gets a fraction from 0 to 1; a refusal rejects with the API's error, as `apiRequest`.
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: { token: string | null; onProgress: (fraction: number) => void }): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBase()}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    if (options.token) request.setRequestHeader('Authorization', `Bearer ${options.token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the error below carries the status alone.
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(new ApiRequestError(request.status, body as Partial<ApiError> | null));
    });
    request.addEventListener('error', () => reject(new ApiRequestError(0, { message: 'The upload failed: the connection was lost.' })));
    request.send(form);
  });
}
