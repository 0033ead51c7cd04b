import type { ApiError } from '@portal/contract';
import { apiBase, ApiRequestError } from '../../lib/api-client';
import { authToken, staffToken } from '../../lib/auth-token';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** The request body's size; 0 until the browser knows it. */
  total: number;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** A staff console call: the console's token, and a 401 ends the console's sign-in (as apiRequest). */
  staff?: boolean;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a retry whose first answer was lost on the way gets that answer, not a second record. */
  idempotencyKey?: string;
}

/** What an upload throws when the server never answered (offline, connection reset). */
export class UploadNetworkError extends Error {
  constructor() {
    super('The portal could not be reached. Check your connection and try again.');
    this.name = 'UploadNetworkError';
  }
}

/**
 * One multipart upload to the API with progress: fetch cannot report how much of a body went out, XMLHttpRequest can.
 * Answers and refusals read as apiRequest's do (the parsed JSON, or an ApiRequestError with the server's message and
 * field errors), so forms treat both the same.
 */
export function uploadRequest<T = unknown>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = options.staff ? staffToken.get() : authToken.get();
    const abort = () => xhr.abort();
    const done = () => options.signal?.removeEventListener('abort', abort);
    xhr.open(options.method ?? 'POST', `${apiBase()}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', options.idempotencyKey);
    xhr.upload.addEventListener('progress', (event) => options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 }));
    xhr.addEventListener('load', () => {
      done();
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((xhr.status === 204 ? undefined : parsed) as T);
        return;
      }
      if (xhr.status === 401 && options.staff && token !== null && staffToken.get() === token) staffToken.remove();
      reject(new ApiRequestError(xhr.status, parsed as Partial<ApiError> | null));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new UploadNetworkError());
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', abort);
    xhr.send(body);
  });
}
