import { NOTES_POLL_INTERVAL_MS } from '@portal/contract/constants';
import type { Note } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { fetchPage } from '../../../../lib/loaders';

/** Notes newer than `since`, oldest first, however many pages they take. */
export async function fetchNewNotes(entity: number, since: number, signal?: AbortSignal): Promise<Note[]> {
  const found: Note[] = [];
  for (let number = 1; ; number++) {
    const page = await fetchPage<Note>('/notes', { page: { number, size: 100 }, params: { entity, since } }, { signal });
    found.push(...page.data);
    if (!page.next_page_url || page.data.length === 0) break;
  }
  return found.sort((a, b) => a.id - b.id);
}

/**
 * Polls for notes newer than `since` every 10 seconds (docs/requirements.md 11.3: they show within 15), and at once
 * when the tab comes back into view. Polling pauses while the tab is hidden. Within a project the
 * server hands out ids in commit order, so `since` never misses a note.
 */
export function useNewNotes(entity: number, since: number | null, onNotes: (notes: Note[]) => void, onGone?: (error: unknown) => void) {
  const latest = useRef({ since, onNotes, onGone });
  useEffect(() => {
    latest.current = { since, onNotes, onGone };
  });

  // One poller per thread, started once the thread is loaded: `since` is read at each tick.
  const ready = since !== null;
  useEffect(() => {
    if (!ready) return undefined;
    let controller: AbortController | null = null;
    let stopped = false;
    const poll = async () => {
      if (stopped || document.hidden || controller) return;
      controller = new AbortController();
      try {
        const found = await fetchNewNotes(entity, latest.current.since ?? 0, controller.signal);
        if (!stopped && found.length > 0) latest.current.onNotes(found);
      } catch (error) {
        if (!stopped && !(error instanceof DOMException && error.name === 'AbortError')) latest.current.onGone?.(error);
      } finally {
        controller = null;
      }
    };
    const timer = window.setInterval(() => void poll(), NOTES_POLL_INTERVAL_MS);
    const onVisible = () => {
      if (!document.hidden) void poll();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      controller?.abort();
    };
  }, [entity, ready]);
}
