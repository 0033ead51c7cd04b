import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { projectDocumentsPath } from '../../../lib/project-documents';

/** Deletes a document and its file, for good. */
export const deleteDocument = (documentId: number) => staffRequest<undefined>(`/integration/documents/${documentId}`, { method: 'DELETE' });

export function useDeleteDocument(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryPrefix(projectDocumentsPath(projectId)) }),
  });
}
