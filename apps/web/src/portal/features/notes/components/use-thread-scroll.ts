import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { useNotes } from '../api/get-notes';

/** Near enough to the bottom that a new note should scroll into view rather than wait below. */
const STICK_TO_BOTTOM_PX = 120;

/**
 * Where the thread is scrolled: first at the "since your last visit" mark (or the newest note),
 * held in place while older notes go in above, and asking for older notes at the top.
 */
export function useThreadScroll(thread: ReturnType<typeof useNotes>, { readPending, unreadId }: { readPending: boolean; unreadId: number | null }) {
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const initialScrollDone = useRef(false);
  const [showJump, setShowJump] = useState(false);

  const nearBottom = useCallback(() => {
    const element = scroller.current;
    return !element || element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
  }, []);
  const scrollToBottom = useCallback((smooth = false) => {
    const element = scroller.current;
    if (element) element.scrollTo({ top: element.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    setShowJump(false);
  }, []);
  /** New notes came in: follow them when the reader was at the bottom, else offer a jump. */
  const reveal = useCallback(
    (wasNearBottom: boolean) => {
      if (wasNearBottom) requestAnimationFrame(() => scrollToBottom(true));
      else setShowJump(true);
    },
    [scrollToBottom],
  );

  // First paint: at the "since your last visit" mark when there is one, otherwise at the newest note.
  useLayoutEffect(() => {
    if (initialScrollDone.current || !thread.isSuccess || readPending) return;
    initialScrollDone.current = true;
    const marker = unreadId !== null ? scroller.current?.querySelector('#notes-unread') : null;
    if (marker) marker.scrollIntoView({ block: 'start' });
    else scrollToBottom();
  }, [thread.isSuccess, readPending, unreadId, scrollToBottom]);

  // Older notes go in above: keep what the user was reading exactly where it was.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [thread.data?.pages.length]);

  const loadOlder = useCallback(() => {
    if (!thread.hasNextPage || thread.isFetchingNextPage) return;
    const element = scroller.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    void thread.fetchNextPage();
  }, [thread]);

  // Scrolling up to the top of what is loaded asks for the page before it.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && initialScrollDone.current) loadOlder();
      },
      { root: scroller.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadOlder]);

  return { scroller, sentinel, showJump, nearBottom, scrollToBottom, reveal, loadOlder };
}
