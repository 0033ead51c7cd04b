import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { pageButtons, PAGE_SIZE_OPTIONS } from '../lib/page-buttons';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  lastPage: number;
  pageSize: number;
  /** How many items in all, for "11-20 of 26". */
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** Names the navigation landmark, e.g. "Invoice pages". */
  label?: string;
  /** The page-size options; those of docs/requirements.md 10.2 by default. */
  sizes?: readonly number[];
}

const button =
  'inline-flex min-w-10 items-center justify-center rounded-full px-3 py-2 text-sm font-medium ring-1 ring-slate-300 transition-[filter,opacity] hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent';

/**
 * A table's page controls (docs/requirements.md 6.3 and 6.4): the page buttons of lib/page-buttons.ts with ellipses, previous
 * disabled on page 1 and next on the last page, and a page-size select (docs/requirements.md 10.2 options).
 */
export function Pagination({ page, lastPage, pageSize, total, onPageChange, onPageSizeChange, label = 'Pages', sizes = PAGE_SIZE_OPTIONS }: PaginationProps) {
  const sizeId = useId();
  const last = Math.max(1, lastPage);
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-3 text-sm text-slate-700">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span aria-live="polite">{total === 0 ? 'No items' : `${from}-${to} of ${total}`}</span>
      </div>
      <nav aria-label={label}>
        <ul className="flex flex-wrap items-center gap-1.5">
          <li>
            <button type="button" className={button} disabled={page <= 1} onClick={() => onPageChange(page - 1)} aria-label="Previous page">
              <ChevronLeft aria-hidden="true" className="size-4" />
            </button>
          </li>
          {pageButtons(page, last).map((entry, index) =>
            entry === 'ellipsis' ? (
              <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-slate-500">
                …
              </li>
            ) : (
              <li key={entry}>
                <button
                  type="button"
                  className={`${button} ${entry === page ? 'bg-portal font-semibold text-on-portal ring-0 hover:bg-portal hover:brightness-110' : ''}`}
                  aria-current={entry === page ? 'page' : undefined}
                  aria-label={`Page ${entry}`}
                  onClick={() => onPageChange(entry)}
                >
                  {entry}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className={button} disabled={page >= last} onClick={() => onPageChange(page + 1)} aria-label="Next page">
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
