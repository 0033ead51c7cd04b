import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { TableFrame } from '../../components/table-frame';
import { Pagination } from '../../components/pagination';
import { EmptyState } from '../../components/ui/empty-state';
import { PageSpinner } from '../../components/ui/page-spinner';
import type { Paging } from '../../lib/use-paging';

/** One column of a list's table. */
export interface ListColumn<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** Amounts: right-aligned, in tabular figures, never wrapped. */
  numeric?: boolean;
  /** The column that names the row, read out before each of its cells. */
  rowHeader?: boolean;
  className?: string;
  /** What the header cell holds instead of the label (a sort button); and its `aria-sort`. */
  header?: ReactNode;
  sorted?: 'ascending' | 'descending';
}

export interface ListPageData<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
}

const CELL = 'px-4 py-3';

/**
 * The frame of the console's lists (invoices, proposals, the audit log): loading, a failure, the empty state, or the rows
 * as a table from `md` up and as cards below it, then the pager. The page gives the columns, the card and the words.
 */
export function ListPage<T>({
  noun,
  query,
  caption,
  columns,
  rowKey,
  card,
  empty,
  paging,
  pagesLabel,
}: {
  /** What the list holds, plural: "invoices" in "The invoices could not be loaded." */
  noun: string;
  query: { isPending: boolean; isError: boolean; data?: ListPageData<T> | undefined };
  /** Names the table and the list of cards. */
  caption: string;
  columns: ListColumn<T>[];
  rowKey: (row: T) => string | number;
  /** What one row's card holds below `md`. */
  card: (row: T) => ReactNode;
  empty: { icon: LucideIcon; title: string; children: ReactNode };
  paging: Paging;
  pagesLabel: string;
}) {
  if (query.isError)
    return (
      <p role="alert" className="text-slate-700">
        The {noun} could not be loaded. Try again in a moment.
      </p>
    );
  if (query.isPending || !query.data) return <PageSpinner label={`Loading ${noun}…`} />;
  const page = query.data;
  if (page.data.length === 0)
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        {empty.children}
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <TableFrame
        caption={caption}
        className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:block"
        bodyClassName="divide-y divide-slate-100 text-slate-800"
        head={
          <>
            {columns.map((column) => (
              <th key={column.label} scope="col" aria-sort={column.sorted} className={`${CELL} font-semibold ${column.numeric ? 'text-right' : ''}`}>
                {column.header ?? column.label}
              </th>
            ))}
          </>
        }
      >
        {page.data.map((row) => (
          <tr key={rowKey(row)} className="align-top">
            {columns.map((column) => {
              const className = `${CELL} ${column.numeric ? 'text-right whitespace-nowrap tabular-nums' : ''} ${column.className ?? ''}`;
              return column.rowHeader ? (
                <th key={column.label} scope="row" className={`${className} font-normal`}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.label} className={className}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </TableFrame>
      <ul aria-label={caption} className="flex flex-col gap-3 md:hidden">
        {page.data.map((row) => (
          <li key={rowKey(row)} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            {card(row)}
          </li>
        ))}
      </ul>
      {page.last_page > 1 || paging.size !== paging.defaultSize ? (
        <Pagination
          label={pagesLabel}
          page={page.current_page}
          lastPage={page.last_page}
          pageSize={paging.size}
          total={page.total}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setSize}
        />
      ) : null}
    </div>
  );
}

/** A card's heading line: the row's name (a link) and its state. */
export function CardHead({ children }: { children: ReactNode }) {
  return <div className="flex items-center justify-between gap-3">{children}</div>;
}

/** A card's figures as label and value pairs, the values on the right; a `strong` pair is the one that matters most. */
export function CardFacts({ facts }: { facts: { label: string; value: ReactNode; strong?: boolean }[] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
      {facts.map(({ label, value, strong }) => (
        <div key={label} className="contents">
          <dt className={strong ? 'font-medium text-slate-900' : 'text-slate-600'}>{label}</dt>
          <dd className={`text-right tabular-nums text-slate-900 ${strong ? 'font-semibold' : ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A link drawn as the page's main button. */
const BUTTON_LINK =
  'inline-flex items-center justify-center gap-2 rounded-full bg-portal px-5 py-2.5 text-base font-semibold text-on-portal hover:brightness-110';

/** A project tab's list under its heading, with the link that starts a new one ("New invoice") beside the heading. */
export function ListSection({ id, title, newTo, newLabel, children }: { id: string; title: string; newTo: string; newLabel: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={newTo} className={BUTTON_LINK}>
          {newLabel}
        </Link>
      </div>
      {children}
    </section>
  );
}
