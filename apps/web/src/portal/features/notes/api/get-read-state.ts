import type { NoteReadState } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** Where the user stopped reading this thread, read once as the page opens: the "since your last visit" mark. */
export const readStateQueryOptions = (entity: number) =>
  queryOptions({
    queryKey: ['notes', String(entity), 'read'],
    queryFn: ({ signal }) => apiRequest<NoteReadState>('/notes/read', { query: { entity }, signal }),
    // The mark stays where it was when the page opened, however far the user reads meanwhile.
    staleTime: Infinity,
    gcTime: 0,
  });

export function useReadState(entity: number) {
  return useQuery(readStateQueryOptions(entity));
}
