import type { IntegrationDocument } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffQueryPrefix, staffRequest } from '../../../lib/staff-api';
import { projectDocumentsPath } from '../../../lib/project-documents';

/** Shares a document with the project's customers (each is emailed once per document), or stops sharing it. */
export const setDocumentShared = (documentId: number, shared: boolean) =>
  staffRequest<IntegrationDocument>(`/integration/documents/${documentId}/${shared ? 'share' : 'unshare'}`, { method: 'POST' });

export function useSetDocumentShared(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, shared }: { documentId: number; shared: boolean }) => setDocumentShared(documentId, shared),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryPrefix(projectDocumentsPath(projectId)) }),
  });
}
