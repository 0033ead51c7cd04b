import { INVOICE_STATUS_LABELS, PORTAL_INVOICE_STATUSES } from '@portal/contract/constants';
import type { Invoice, InvoiceSort, PortalInvoiceStatus } from '@portal/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId } from 'react';
import { CardFigures } from '../../../../components/card-figures';
import { LabelledSelect } from '../../../../components/labelled-select';
import { Pagination } from '../../../../components/pagination';
import { SortSelect, type SortOption } from '../../../../components/sort-select';
import { INVOICE_TONES, StatusBadge } from '../../../../components/status-badge';
import { formatCalendarDate, formatMoney } from '../../../../lib/format';
import { usePageInRange } from '../../../../lib/use-page-in-range';
import { useInvoices } from '../api/get-invoices';
import { searchOf, type TableState } from '../search';

const route = getRouteApi('/default/invoices');

const COLUMNS: ({ field: InvoiceSort; label: string; numeric?: boolean } & Omit<SortOption<InvoiceSort>, 'field'>)[] = [
  { field: 'number', label: 'Number', asc: 'Number, first to last', desc: 'Number, last to first' },
  { field: 'issue_date', label: 'Issue date', asc: 'Issue date, oldest first', desc: 'Issue date, newest first' },
  { field: 'due_date', label: 'Due date', asc: 'Due date, soonest first', desc: 'Due date, latest first' },
  { field: 'status', label: 'Status', asc: 'Status, A to Z', desc: 'Status, Z to A' },
  { field: 'total', label: 'Total', numeric: true, asc: 'Total, lowest first', desc: 'Total, highest first' },
  { field: 'balance', label: 'Balance', numeric: true, asc: 'Balance, lowest first', desc: 'Balance, highest first' },
];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function InvoicesTable({ entity, state }: { entity: number; state: TableState }) {
  const navigate = route.useNavigate();
  const statusId = useId();
  const invoices = useInvoices(entity, state);
  const page = invoices.data;

  /** Any change but the page number itself starts again at page 1. */
  const show = (next: Partial<TableState>) => void navigate({ search: (previous) => ({ ...previous, ...searchOf({ ...state, page: 1, ...next }) }) });

  // A page past the end (an old link) becomes the last page, in place of the entry that asked for it.
  usePageInRange(page, (last) => void navigate({ search: (previous) => ({ ...previous, ...searchOf({ ...state, page: last }) }), replace: true }));

  const sortBy = (field: InvoiceSort) => show({ sort: { field, direction: state.sort.field === field && state.sort.direction === 'asc' ? 'desc' : 'asc' } });

  const emptyMessage = state.status ? `No ${INVOICE_STATUS_LABELS[state.status].toLowerCase()} invoices.` : 'No invoices yet.';
  const sortedLabel = `${COLUMNS.find((column) => column.field === state.sort.field)?.label ?? ''}, ${state.sort.direction === 'asc' ? 'ascending' : 'descending'}`;

  return (
    <section aria-labelledby={`${statusId}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${statusId}-heading`} className="text-lg font-semibold text-slate-900">
          All invoices
        </h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <SortSelect options={COLUMNS} sort={state.sort} onSort={(sort) => show({ sort })} />
          <LabelledSelect
            label="Status"
            className="flex items-center gap-2"
            selectClassName="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
            value={state.status ?? ''}
            onChange={(status) => show({ status: (status || undefined) as PortalInvoiceStatus | undefined })}
          >
            <option value="">All statuses</option>
            {PORTAL_INVOICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INVOICE_STATUS_LABELS[status]}
              </option>
            ))}
          </LabelledSelect>
        </div>
      </div>

      {invoices.isError ? <p role="alert">The invoices could not be loaded. Please try again.</p> : null}

      <div className="hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 sm:block" role="region" aria-label="Invoices table" tabIndex={0}>
        <table className="w-full min-w-[40rem] text-left text-sm" aria-busy={invoices.isFetching}>
          <caption className="sr-only">Invoices, sorted by {sortedLabel}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              {COLUMNS.map((column) => {
                const active = state.sort.field === column.field;
                const Icon = !active ? ArrowUpDown : state.sort.direction === 'asc' ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={column.field}
                    scope="col"
                    aria-sort={active ? ARIA_SORT[state.sort.direction] : 'none'}
                    className={`px-2 py-2 font-semibold ${column.numeric ? 'text-right' : ''}`}
                  >
                    <button
                      type="button"
                      onClick={() => sortBy(column.field)}
                      className={`inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-slate-200 ${column.numeric ? 'flex-row-reverse' : ''}`}
                    >
                      {column.label}
                      <Icon aria-hidden="true" className={`size-3.5 ${active ? 'text-slate-900' : 'text-slate-500'}`} />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page?.data.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
            {page && page.data.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className="px-4 py-10 text-center text-slate-600">
                  {emptyMessage}
                </td>
              </tr>
            ) : null}
            {invoices.isPending ? (
              <tr>
                <td colSpan={COLUMNS.length} className="px-4 py-10 text-center text-slate-600" role="status">
                  Loading invoices…
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      {/* Below sm each invoice is a card: number, status, due date and balance side by side, never off screen. */}
      <ul aria-label={`Invoices, sorted by ${sortedLabel}`} aria-busy={invoices.isFetching} className="flex flex-col gap-3 sm:hidden">
        {page?.data.map((invoice) => (
          <InvoiceCard key={invoice.id} invoice={invoice} />
        ))}
      </ul>
      {page && page.data.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-10 text-center text-slate-600 ring-1 ring-slate-200 sm:hidden">{emptyMessage}</p>
      ) : null}
      {invoices.isPending ? (
        <p className="px-4 py-10 text-center text-slate-600 sm:hidden" role="status">
          Loading invoices…
        </p>
      ) : null}

      {page ? (
        <Pagination
          label="Invoice pages"
          page={page.current_page}
          lastPage={page.last_page}
          pageSize={state.size}
          total={page.total}
          onPageChange={(number) => void navigate({ search: (previous) => ({ ...previous, ...searchOf({ ...state, page: number }) }) })}
          onPageSizeChange={(size) => show({ size })}
        />
      ) : null}
    </section>
  );
}

function InvoiceLink({ invoice, className }: { invoice: Invoice; className: string }) {
  return (
    <Link from="/invoices" search={(previous) => ({ ...previous, invoice: invoice.id })} className={className}>
      {invoice.number}
    </Link>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  return (
    <tr className="hover:bg-slate-50">
      <td className="px-4 py-3 font-medium">
        <InvoiceLink invoice={invoice} className="text-blue-800 underline-offset-2 hover:underline" />
      </td>
      <td className="whitespace-nowrap px-4 py-3">{formatCalendarDate(invoice.issue_date)}</td>
      <td className="whitespace-nowrap px-4 py-3">{formatCalendarDate(invoice.due_date)}</td>
      <td className="px-4 py-3">
        <StatusBadge tone={INVOICE_TONES[invoice.status]} label={INVOICE_STATUS_LABELS[invoice.status]} />
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">{formatMoney(invoice.total)}</td>
      <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums">{formatMoney(invoice.balance)}</td>
    </tr>
  );
}

function InvoiceCard({ invoice }: { invoice: Invoice }) {
  return (
    <li className="relative rounded-2xl bg-white p-4 ring-1 ring-slate-200 has-[a:hover]:ring-slate-400">
      <div className="flex items-center justify-between gap-3">
        {/* The link covers the whole card: a thumb need not find the number. */}
        <InvoiceLink invoice={invoice} className="font-semibold text-blue-800 after:absolute after:inset-0 after:rounded-2xl" />
        <StatusBadge tone={INVOICE_TONES[invoice.status]} label={INVOICE_STATUS_LABELS[invoice.status]} />
      </div>
      <CardFigures
        figures={[
          { label: 'Due date', value: formatCalendarDate(invoice.due_date), strong: true },
          { label: 'Balance', value: formatMoney(invoice.balance), strong: true },
          { label: 'Issue date', value: formatCalendarDate(invoice.issue_date) },
          { label: 'Total', value: formatMoney(invoice.total) },
        ]}
      />
    </li>
  );
}
