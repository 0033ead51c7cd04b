import type { Document } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authToken } from '../../../../lib/auth-token';
import { uploadWithProgress } from '../../../../lib/upload-with-progress';
import { documentsPath } from './get-documents';

/** Uploads one file as multipart/form-data; `onProgress` gets a fraction from 0 to 1. */
export function uploadDocument(entity: number, file: File, onProgress: (fraction: number) => void): Promise<Document> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<Document>(documentsPath(entity), form, { token: authToken.get(), onProgress });
}

/** The upload as a mutation; on success the project's document list is read again. */
export function useUploadDocument(entity: number, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadDocument(entity, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [documentsPath(entity)] }),
  });
}
