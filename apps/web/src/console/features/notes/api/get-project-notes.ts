import { NOTES_POLL_INTERVAL_MS } from '@portal/contract/constants';
import type { IntegrationNote } from '@portal/contract';
import { infiniteQueryOptions, useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { mergeNotes } from '../../../../components/notes/merge-notes';
import { staffPage, staffQueryPrefix } from '../../../lib/staff-api';

export const projectNotesPath = (projectId: number) => `/integration/projects/${projectId}/notes`;

const PAGE_SIZE = 30;
/** A poll walks back at most this many pages to meet the notes it holds (30 notes in 10 s is already a lot). */
const MAX_POLL_PAGES = 10;

/** The whole thread, internal notes included, newest first, a page at a time ("Load older notes"). */
export const projectNotesQueryOptions = (projectId: number) =>
  infiniteQueryOptions({
    queryKey: [...staffQueryPrefix(projectNotesPath(projectId)), 'thread'],
    queryFn: ({ pageParam, signal }) => staffPage<IntegrationNote>(projectNotesPath(projectId), { page: { number: pageParam, size: PAGE_SIZE } }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.next_page_url ? last.current_page + 1 : undefined),
    // Newer notes come by polling; reading every page again would only repeat them.
    staleTime: Infinity,
  });

export const useProjectNotes = (projectId: number) => useInfiniteQuery(projectNotesQueryOptions(projectId));

/**
 * The notes newer than `newest`: the newest page, and the pages after it until one reaches a note already held. Ids
 * are handed out in commit order within a project (docs/decisions/020), so nothing between is missed.
 */
export async function fetchNotesAfter(projectId: number, newest: number, signal?: AbortSignal): Promise<IntegrationNote[]> {
  const found: IntegrationNote[] = [];
  for (let number = 1; number <= MAX_POLL_PAGES; number++) {
    const page = await staffPage<IntegrationNote>(projectNotesPath(projectId), { page: { number, size: PAGE_SIZE } }, signal);
    found.push(...page.data.filter((note) => note.id > newest));
    if (!page.next_page_url || page.data.some((note) => note.id <= newest)) break;
  }
  return found;
}

const newerKey = (projectId: number) => [...staffQueryPrefix(projectNotesPath(projectId)), 'newer'];

/** A note this member just posted joins the notes that arrived since the thread loaded. */
export function addArrivedNote(queryClient: QueryClient, projectId: number, note: IntegrationNote) {
  queryClient.setQueryData<IntegrationNote[]>(newerKey(projectId), (current) => mergeNotes(current ?? [], [note]));
}

/**
 * Polls as the portal's thread does (docs/decisions/020): every 10 seconds while the tab is in view, and at once when
 * it comes back, for notes above the newest one held (loaded or arrived). The answer is every note that arrived since
 * the thread loaded, each poll adding to the one before.
 */
export function useNewProjectNotes(projectId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: newerKey(projectId),
    queryFn: async ({ signal }) => {
      const arrived = queryClient.getQueryData<IntegrationNote[]>(newerKey(projectId)) ?? [];
      const loaded = queryClient.getQueryData(projectNotesQueryOptions(projectId).queryKey)?.pages.flatMap((page) => page.data) ?? [];
      const newest = Math.max(0, ...arrived.map((note) => note.id), ...loaded.map((note) => note.id));
      return mergeNotes(arrived, await fetchNotesAfter(projectId, newest, signal));
    },
    enabled,
    refetchInterval: NOTES_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}
