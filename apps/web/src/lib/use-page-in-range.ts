import type { Paginated } from '@portal/contract';
import { useEffect } from 'react';

/**
 * A page past the last one (an old link, a bookmark, rows removed meanwhile) answers an empty page
 * (docs/requirements.md 8.4); a table then moves to its last page instead of showing nothing under its page buttons.
 */
export function usePageInRange(page: Pick<Paginated<unknown>, 'current_page' | 'last_page' | 'total'> | undefined, goTo: (last: number) => void) {
  const outOfRange = page !== undefined && page.total > 0 && page.current_page > page.last_page;
  const last = page?.last_page;
  useEffect(() => {
    if (outOfRange && last !== undefined) goTo(last);
    // goTo is a new function on every render; the move depends only on the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outOfRange, last]);
}
