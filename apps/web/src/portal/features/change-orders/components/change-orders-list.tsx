import {
  CHANGE_ORDER_STATUS_LABELS,
  formatChangeOrderDate,
  formatChangeOrderNumber,
  PORTAL_CHANGE_ORDER_STATUSES,
} from '@portal/contract/change-order-constants';
import { formatChangeOrderAmount } from '../../../../lib/format';
import type { ChangeOrder } from '@portal/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { FileDiff } from 'lucide-react';
import { CardFigures } from '../../../../components/card-figures';
import { LabelledSelect } from '../../../../components/labelled-select';
import { SortHeader, type SortColumn } from '../../../../components/sort-header';
import { SortSelect, type SortOption } from '../../../../components/sort-select';
import { CHANGE_ORDER_TONES, StatusBadge } from '../../../../components/status-badge';
import { TableFrame, TablePager } from '../../../../components/table-frame';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formatScheduleDays } from '../../../../lib/change-order-format';
import { usePageInRange } from '../../../../lib/use-page-in-range';
import { useChangeOrders } from '../api/get-change-orders';
import { searchOf, tableState, type ChangeOrderSort, type ChangeOrderStatusFilter, type ChangeOrdersTableState } from '../search';

const route = getRouteApi('/default/change-orders');

const COLUMNS: SortColumn<ChangeOrderSort>[] = [
  { field: 'number', label: 'Number' },
  { field: null, label: 'Title' },
  { field: 'status', label: 'Status' },
  { field: 'total', label: 'Amount', className: 'text-right' },
  { field: null, label: 'Schedule' },
  { field: 'approval_deadline', label: 'Approve by' },
];

const SORT_OPTIONS: SortOption<ChangeOrderSort>[] = [
  { field: 'sent_at', asc: 'Sent, oldest first', desc: 'Sent, newest first' },
  { field: 'number', asc: 'Number, first to last', desc: 'Number, last to first' },
  { field: 'approval_deadline', asc: 'Approval deadline, soonest first', desc: 'Approval deadline, latest first' },
  { field: 'status', asc: 'Status, A to Z', desc: 'Status, Z to A' },
  { field: 'total', asc: 'Amount, lowest first', desc: 'Amount, highest first' },
];

const deadline = (changeOrder: ChangeOrder) => (changeOrder.approval_deadline ? formatChangeOrderDate(changeOrder.approval_deadline) : 'No deadline');

/**
 * The project's change orders, as the proposals list shows proposals: a table from `sm` up, a card each on a phone.
 * The sort and the status filter live in the URL, as the invoices table's do.
 */
export function ChangeOrdersList({ entity }: { entity: number }) {
  const navigate = route.useNavigate();
  const state = tableState(route.useSearch());
  const changeOrders = useChangeOrders(entity, state);
  const page = changeOrders.data;

  /** Any change but the page number itself starts again at page 1. */
  const show = (next: Partial<ChangeOrdersTableState>, options: { replace?: boolean } = {}) =>
    void navigate({ search: (previous) => ({ ...previous, ...searchOf({ ...state, page: 1, ...next }) }), replace: options.replace ?? false });
  const sortBy = (field: ChangeOrderSort) =>
    show({ sort: { field, direction: state.sort.field === field && state.sort.direction === 'asc' ? 'desc' : 'asc' } });
  // A page past the end (an old link) becomes the last page, in place of the entry that asked for it.
  usePageInRange(page, (last) => show({ page: last }, { replace: true }));

  const sortLabel = SORT_OPTIONS.find((option) => option.field === state.sort.field)?.[state.sort.direction] ?? '';
  const listLabel = `Change orders, sorted by ${sortLabel.charAt(0).toLowerCase()}${sortLabel.slice(1)}`;

  if (!page) {
    return changeOrders.isError ? <p role="alert">The change orders could not be loaded. Please try again.</p> : <PageSpinner label="Loading change orders…" />;
  }
  if (page.total === 0 && state.status === undefined) {
    return (
      <EmptyState icon={FileDiff} title="No change orders yet">
        When the company prices a change to the work on this project, you can read it and approve or decline it here.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="change-orders-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="change-orders-heading" className="text-lg font-semibold text-slate-900">
          All change orders
        </h2>
        {/* Its selects narrow with a 320 px screen: the longest status label is wider than what is left beside "Status". */}
        <div className="flex max-w-full min-w-0 flex-wrap items-center gap-x-4 gap-y-2 *:max-w-full *:min-w-0 [&_select]:min-w-0 [&_select]:shrink">
          <SortSelect options={SORT_OPTIONS} sort={state.sort} onSort={(sort) => show({ sort })} />
          <LabelledSelect
            label="Status"
            className="flex items-center gap-2"
            selectClassName="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
            value={state.status ?? ''}
            onChange={(status) => show({ status: (status || undefined) as ChangeOrderStatusFilter | undefined })}
          >
            <option value="">All statuses</option>
            {PORTAL_CHANGE_ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CHANGE_ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </LabelledSelect>
        </div>
      </div>

      {page.total === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-10 text-center text-slate-600 ring-1 ring-slate-200">
          No change orders with the status “{CHANGE_ORDER_STATUS_LABELS[state.status!]}”.
        </p>
      ) : (
        <>
          <TableFrame
            caption={listLabel}
            head={COLUMNS.map((column) => (
              <SortHeader key={column.label} column={column} sort={state.sort} onSort={sortBy} />
            ))}
          >
            {page.data.map((changeOrder) => (
              <tr key={changeOrder.id} className="hover:bg-slate-50">
                <td className="px-4 py-3 font-medium whitespace-nowrap">
                  <ChangeOrderLink changeOrder={changeOrder} className="text-blue-800 underline-offset-2 hover:underline">
                    {formatChangeOrderNumber(changeOrder.number, changeOrder.version)}
                  </ChangeOrderLink>
                </td>
                <td className="px-4 py-3 wrap-anywhere">{changeOrder.title}</td>
                <td className="px-4 py-3">
                  <StatusBadge tone={CHANGE_ORDER_TONES[changeOrder.status]} label={CHANGE_ORDER_STATUS_LABELS[changeOrder.status]} />
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatChangeOrderAmount(changeOrder.total)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatScheduleDays(changeOrder.schedule_days)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{deadline(changeOrder)}</td>
              </tr>
            ))}
          </TableFrame>

          <ul aria-label={listLabel} aria-busy={changeOrders.isFetching} className="flex flex-col gap-3 sm:hidden">
            {page.data.map((changeOrder) => (
              <li key={changeOrder.id} className="relative rounded-2xl bg-white p-4 ring-1 ring-slate-200 has-[a:hover]:ring-slate-400">
                <div className="flex items-start justify-between gap-3">
                  {/* The link covers the whole card: a thumb need not find the title. */}
                  <ChangeOrderLink
                    changeOrder={changeOrder}
                    className="min-w-0 font-semibold wrap-anywhere text-blue-800 after:absolute after:inset-0 after:rounded-2xl"
                  >
                    {changeOrder.title}
                  </ChangeOrderLink>
                  <StatusBadge tone={CHANGE_ORDER_TONES[changeOrder.status]} label={CHANGE_ORDER_STATUS_LABELS[changeOrder.status]} />
                </div>
                <p className="mt-1 text-sm text-slate-600">{formatChangeOrderNumber(changeOrder.number, changeOrder.version)}</p>
                <CardFigures
                  figures={[
                    { label: 'Approve by', value: deadline(changeOrder), strong: true },
                    { label: 'Amount', value: formatChangeOrderAmount(changeOrder.total), strong: true },
                    { label: 'Schedule', value: formatScheduleDays(changeOrder.schedule_days) },
                  ]}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <TablePager label="Change order pages" page={page} size={state.size} show={show} />
    </section>
  );
}

function ChangeOrderLink({ changeOrder, className, children }: { changeOrder: ChangeOrder; className: string; children: string }) {
  return (
    <Link from="/change-orders" search={(previous) => ({ ...previous, change_order: changeOrder.id })} className={className}>
      {children}
    </Link>
  );
}
