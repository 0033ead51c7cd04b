import type { Statement } from '@portal/contract';
import { AGING_BUCKET_LABELS, AGING_BUCKETS } from '@portal/contract/constants';
import { formatCalendarDate, formatMoney } from '../../../../lib/format';
import { useStatement } from '../api/get-statement';

/**
 * The contract and what the approved change orders did to it (docs/company-api.md "Change orders"), the server's
 * figures as the customers' statement shows them: a credit change lowers the revised contract.
 */
function ContractTrail({ statement }: { statement: Statement }) {
  const changes = Number(statement.approved_changes);
  return (
    <dl aria-label="Contract" className="mt-4 grid grid-cols-2 gap-4 border-t border-slate-200 pt-4 sm:grid-cols-3">
      <div>
        <dt className="text-sm font-medium text-slate-600">Contract</dt>
        <dd className="text-lg font-medium tabular-nums text-slate-900">{formatMoney(statement.contract)}</dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Approved changes</dt>
        <dd className="text-lg font-medium tabular-nums text-slate-900">
          {changes > 0 ? '+' : ''}
          {formatMoney(statement.approved_changes)}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Revised contract</dt>
        <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="revised-contract">
          {formatMoney(statement.revised_contract)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The project's balance as its customers see it (sent invoices less payments, void ones left out) and that balance by
 * days past due, as of today (UTC), from the server's statement.
 */
export function BalanceSummary({ projectId }: { projectId: number }) {
  const statement = useStatement(projectId);
  const data = statement.data;
  if (statement.isError)
    return (
      <p role="alert" className="text-slate-700">
        The balance could not be loaded. Try again in a moment.
      </p>
    );
  const late = data ? AGING_BUCKETS.some((bucket) => bucket !== 'current' && Number(data.aging[bucket]) > 0) : false;
  return (
    <section aria-labelledby="balance-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h2 id="balance-heading" className="text-lg font-semibold text-slate-900">
          Project balance
        </h2>
        <p className="text-sm text-slate-600">{data ? `As of ${formatCalendarDate(data.as_of)}` : ''}</p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3">
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-sm font-medium text-slate-600">Balance due</dt>
          <dd className="text-3xl font-semibold tabular-nums text-slate-900" data-testid="project-balance">
            {data ? formatMoney(data.balance) : '…'}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Invoiced</dt>
          <dd className="text-lg font-medium tabular-nums text-slate-900">{data ? formatMoney(data.total_invoiced) : '…'}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Paid</dt>
          <dd className="text-lg font-medium tabular-nums text-slate-900">{data ? formatMoney(data.total_paid) : '…'}</dd>
        </div>
      </dl>
      {data ? <ContractTrail statement={data} /> : null}
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Aging, days past due</h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {AGING_BUCKETS.map((bucket) => {
          const amount = data?.aging[bucket];
          const overdue = bucket !== 'current' && amount !== undefined && Number(amount) > 0;
          return (
            <div key={bucket} className={`rounded-xl px-3 py-2 ring-1 ${overdue ? 'bg-red-50 ring-red-200' : 'bg-slate-50 ring-slate-200'}`}>
              <dt className="text-xs font-medium text-slate-600">{AGING_BUCKET_LABELS[bucket]}</dt>
              <dd className={`tabular-nums ${overdue ? 'font-semibold text-red-800' : 'text-slate-900'}`}>
                {amount === undefined ? '…' : formatMoney(amount)}
              </dd>
            </div>
          );
        })}
      </dl>
      {late ? <p className="mt-3 text-sm text-red-800">Part of the balance is past due.</p> : null}
    </section>
  );
}
