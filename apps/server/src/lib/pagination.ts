import type { Paginated } from '@portal/contract';
import type { PageRequest } from './list-query';

/**
 * Laravel's LengthAwarePaginator, field for field (docs/requirements.md 8.4), so a client
 * written for that API reads ours unchanged.
 */

/** Laravel's default for how many page links stand on each side of the current one. */
const ON_EACH_SIDE = 3;
const PREVIOUS_LABEL = '&laquo; Previous';
const NEXT_LABEL = 'Next &raquo;';

export interface PageUrls {
  /** The list's URL without a query: the paginator's `path`. */
  path: string;
  /** The URL of page `n`: every other query parameter kept as it was sent, `page[number]` set to n. */
  url(page: number): string;
}

/**
 * The page URLs of a request, absolute on `publicUrl`. Parameters keep their order; `page[number]`
 * goes last; keys and values are encoded the way PHP's http_build_query does (`page%5Bsize%5D=2`).
 */
export function pageUrls(publicUrl: string, requestUrl: string): PageUrls {
  const mark = requestUrl.indexOf('?');
  const pathname = mark === -1 ? requestUrl : requestUrl.slice(0, mark);
  const kept = new URLSearchParams(mark === -1 ? '' : requestUrl.slice(mark + 1));
  kept.delete('page[number]');
  const path = `${publicUrl.replace(/\/+$/, '')}${pathname}`;
  return {
    path,
    url(page) {
      const params = new URLSearchParams(kept);
      params.append('page[number]', String(Math.max(1, page)));
      return `${path}?${params.toString()}`;
    },
  };
}

export const pageOffset = (page: PageRequest) => (page.number - 1) * page.size;

export const lastPageOf = (total: number, size: number) => Math.max(Math.ceil(total / size), 1);

/**
 * The page numbers a page list shows, with '...' for a gap: Laravel's UrlWindow with three pages on
 * each side. Up to 13 pages all show; otherwise the first ten or the last ten, or a window around
 * the current page, with the first two and the last two pages as caps.
 */
export function pageWindow(current: number, lastPage: number, onEachSide = ON_EACH_SIDE): (number | '...')[] {
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
  if (lastPage < onEachSide * 2 + 8) return range(1, lastPage);
  const window = onEachSide + 4;
  const start = [1, 2];
  const finish = [lastPage - 1, lastPage];
  if (current <= window) return [...range(1, window + onEachSide), '...', ...finish];
  if (current > lastPage - window) return [...start, '...', ...range(lastPage - (window + (onEachSide - 1)), lastPage)];
  return [...start, '...', ...range(current - onEachSide, current + onEachSide), '...', ...finish];
}

/** One page of a list in the Laravel shape. A page past the end has no items, and from/to null. */
export function paginate<T>(items: T[], total: number, page: PageRequest, urls: PageUrls): Paginated<T> {
  const lastPage = lastPageOf(total, page.size);
  const from = items.length > 0 ? pageOffset(page) + 1 : null;
  const prev = page.number > 1 ? urls.url(page.number - 1) : null;
  const next = page.number < lastPage ? urls.url(page.number + 1) : null;
  return {
    current_page: page.number,
    data: items,
    first_page_url: urls.url(1),
    from,
    last_page: lastPage,
    last_page_url: urls.url(lastPage),
    links: [
      { url: prev, label: PREVIOUS_LABEL, active: false },
      ...pageWindow(page.number, lastPage).map((entry) =>
        entry === '...' ? { url: null, label: '...', active: false } : { url: urls.url(entry), label: String(entry), active: entry === page.number },
      ),
      { url: next, label: NEXT_LABEL, active: false },
    ],
    next_page_url: next,
    path: urls.path,
    per_page: page.size,
    prev_page_url: prev,
    to: from === null ? null : from + items.length - 1,
    total,
  };
}
