import type { IntegrationPhoto } from '@portal/contract';
import { uploadRequest, type UploadProgress } from '../../../lib/upload';
import { photosPath } from './list-photos';

/**
 * One photo per request, so each file has its own progress bar and its own answer (the API takes up to 20 in one). The
 * same key on every try of one file: a retry after a lost answer gets the photo already made, not a second one.
 */
export async function uploadPhoto(
  albumId: number,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
  idempotencyKey: string,
): Promise<IntegrationPhoto> {
  const body = new FormData();
  body.append('files', file, file.name);
  const answer = await uploadRequest<{ data: IntegrationPhoto[] }>(photosPath(albumId), body, { staff: true, onProgress, signal, idempotencyKey });
  return answer.data[0]!;
}
