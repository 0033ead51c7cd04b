import type { ReactNode } from 'react';
import { Pagination } from './pagination';

/**
 * A list's table, shown from `sm` up (below it the page shows the rows as cards, docs/decisions/033-phone-layout.md):
 * the frame that scrolls sideways, a caption for screen readers, the header row and the body.
 */
export function TableFrame({
  caption,
  head,
  className = 'hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 sm:block',
  bodyClassName = 'divide-y divide-slate-100',
  children,
}: {
  caption: string;
  /** The header cells. */
  head: ReactNode;
  className?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>{head}</tr>
        </thead>
        <tbody className={bodyClassName}>{children}</tbody>
      </table>
    </div>
  );
}

/** The pager under a list whose state is in the URL (lib/table-search.ts): `show` moves to another page or page size. */
export function TablePager({
  label,
  page,
  size,
  show,
}: {
  label: string;
  page: { current_page: number; last_page: number; total: number };
  size: number;
  show: (next: { page?: number; size?: number }) => void;
}) {
  return (
    <Pagination
      label={label}
      page={page.current_page}
      lastPage={page.last_page}
      pageSize={size}
      total={page.total}
      onPageChange={(number) => show({ page: number })}
      onPageSizeChange={(size) => show({ size })}
    />
  );
}
