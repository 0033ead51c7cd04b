import { NOTES_PAGE_SIZE } from '@portal/contract/constants';
import type { Paginated, Note } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchPage, type LoadOptions } from '../../../../lib/loaders';

/** Which page of the thread, and the anchor that pins the pages while the thread grows. */
export interface NotesPageParam {
  number: number;
  /** Only notes older than this id: the newest id of page 1, plus one. */
  before?: number | undefined;
}

/** A page of a project's notes, newest first (the paged fetch of docs/requirements.md 8.6 over `GET /notes`). */
export function fetchNotesPage(entity: number, param: NotesPageParam, options: LoadOptions = {}): Promise<Paginated<Note>> {
  return fetchPage<Note>('/notes', { page: { number: param.number, size: NOTES_PAGE_SIZE }, params: { entity, before: param.before } }, options);
}

/**
 * The thread as an infinite query: page 1 holds the newest notes; each next page is older, asked
 * with page 1's anchor so notes that arrive meanwhile never shift it. New notes come by polling
 * (get-new-notes.ts), not by refetching these pages.
 */
export const notesQueryOptions = (entity: number) =>
  infiniteQueryOptions({
    queryKey: ['notes', String(entity), 'thread'],
    initialPageParam: { number: 1 } as NotesPageParam,
    queryFn: ({ pageParam, signal }) => fetchNotesPage(entity, pageParam, { signal }),
    getNextPageParam: (last: Paginated<Note>, pages: Paginated<Note>[]): NotesPageParam | undefined => {
      if (!last.next_page_url) return undefined;
      const newest = pages[0]?.data[0]?.id;
      return { number: last.current_page + 1, before: newest === undefined ? undefined : newest + 1 };
    },
    // The thread stays as loaded; polling adds to it. A refetch would reload every page.
    staleTime: Infinity,
  });

export function useNotes(entity: number) {
  return useInfiniteQuery(notesQueryOptions(entity));
}
