export type PageButton = number | 'ellipsis';

/** The table defaults of docs/requirements.md 10.2. */
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_PAGE_NUMBER = 1;
export const PAGE_SIZE_OPTIONS = [10, 15, 20, 25, 30, 50, 100] as const;

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

/**
 * The page buttons of docs/requirements.md 6.3. With 10 pages or fewer, all of them. With the current page at 6 or lower:
 * pages 1 to 8, an ellipsis, the last two. Within 5 of the last page: the first two, an ellipsis,
 * the last 8. Otherwise: the first two, an ellipsis, 2 pages either side of the current one, an
 * ellipsis, the last two.
 */
export function pageButtons(current: number, last: number): PageButton[] {
  if (last <= 10) return range(1, Math.max(last, 1));
  if (current <= 6) return [...range(1, 8), 'ellipsis', last - 1, last];
  if (current >= last - 5) return [1, 2, 'ellipsis', ...range(last - 7, last)];
  return [1, 2, 'ellipsis', ...range(current - 2, current + 2), 'ellipsis', last - 1, last];
}
