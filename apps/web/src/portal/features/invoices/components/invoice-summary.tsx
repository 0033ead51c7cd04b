import { formatMoney } from '../../../../lib/format';
import { useInvoiceSummary } from '../api/get-invoice-summary';

const plural = (count: number) => `${count} invoice${count === 1 ? '' : 's'}`;

/** What is owed on the project, and how much of it is late. */
export function InvoiceSummary({ entity }: { entity: number }) {
  const summary = useInvoiceSummary(entity);
  const data = summary.data;
  return (
    <section aria-label="Balance summary">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-slate-600">Outstanding balance</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{data ? formatMoney(data.outstanding_balance) : '…'}</dd>
          <dd className="text-sm text-slate-600">{data ? `${plural(data.outstanding_count)} open` : ''}</dd>
        </div>
        <div className={`rounded-2xl p-5 ring-1 ${data && data.overdue_count > 0 ? 'bg-red-50 ring-red-200' : 'bg-white ring-slate-200'}`}>
          <dt className="text-sm font-medium text-slate-600">Overdue</dt>
          <dd className={`mt-1 text-2xl font-semibold tabular-nums ${data && data.overdue_count > 0 ? 'text-red-800' : 'text-slate-900'}`}>
            {data ? formatMoney(data.overdue_balance) : '…'}
          </dd>
          <dd className="text-sm text-slate-600">{data ? `${plural(data.overdue_count)} past due` : ''}</dd>
        </div>
      </dl>
      {summary.isError ? <p role="alert">The balance could not be loaded.</p> : null}
    </section>
  );
}
