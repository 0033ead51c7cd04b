import { AGING_BUCKET_LABELS, AGING_BUCKETS } from '@portal/contract/constants';
import type { Statement } from '@portal/contract';
import { MoneyTrail } from '../../../../components/money-trail';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formatCalendarDate, formatMoney } from '../../../../lib/format';
import { useStatement } from '../api/get-statement';
import { PdfButton } from './pdf-button';

export function StatementView({ entity }: { entity: number }) {
  const statement = useStatement(entity);
  if (statement.isPending) return <PageSpinner label="Loading the statement…" />;
  if (statement.isError) return <p role="alert">The statement could not be loaded. Please try again.</p>;
  const data = statement.data;
  return (
    <section aria-labelledby="statement-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="statement-heading" className="text-xl font-semibold text-slate-900">
            Statement of account
          </h2>
          <p className="text-sm text-slate-600">As of {formatCalendarDate(data.as_of)}: every invoice and payment, oldest first.</p>
        </div>
        <PdfButton target={{ kind: 'statement', entity }}>Download statement PDF</PdfButton>
      </div>

      <section aria-labelledby="contract-heading" className="flex flex-col gap-3">
        <h3 id="contract-heading" className="text-lg font-semibold text-slate-900">
          Your contract
        </h3>
        <MoneyTrail
          money={data}
          beside={[
            { label: 'Invoiced', value: data.total_invoiced },
            { label: 'Paid', value: data.total_paid },
            { label: 'Balance due', value: data.balance },
          ]}
        />
      </section>

      <section aria-labelledby="aging-heading" className="flex flex-col gap-3">
        <h3 id="aging-heading" className="text-lg font-semibold text-slate-900">
          Balance by age
        </h3>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {AGING_BUCKETS.map((bucket) => (
            <div key={bucket} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <dt className="text-sm text-slate-600">{AGING_BUCKET_LABELS[bucket]}</dt>
              <dd className="mt-1 font-semibold tabular-nums">{formatMoney(data.aging[bucket])}</dd>
            </div>
          ))}
          <div className="rounded-xl bg-slate-900 p-4 text-white">
            <dt className="text-sm text-slate-200">Balance due</dt>
            <dd className="mt-1 font-semibold tabular-nums">{formatMoney(data.balance)}</dd>
          </div>
        </dl>
      </section>

      <div className="hidden overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 sm:block" role="region" aria-label="Statement activity" tabIndex={0}>
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">{ACTIVITY_LABEL}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              {['Date', 'Description', 'Charges', 'Payments', 'Balance'].map((label, index) => (
                <th key={label} scope="col" className={`px-4 py-3 font-semibold ${index > 1 ? 'text-right' : ''}`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.entries.map((entry) => (
              <tr key={entryKey(entry)}>
                <td className="whitespace-nowrap px-4 py-2.5">{formatCalendarDate(entry.date)}</td>
                <td className="px-4 py-2.5">{entry.description}</td>
                <td className="whitespace-nowrap px-4 py-2.5 text-right tabular-nums">{entry.charge ? formatMoney(entry.charge) : ''}</td>
                <td className="whitespace-nowrap px-4 py-2.5 text-right tabular-nums">{entry.payment ? formatMoney(entry.payment) : ''}</td>
                <td className="whitespace-nowrap px-4 py-2.5 text-right font-medium tabular-nums">{formatMoney(entry.balance)}</td>
              </tr>
            ))}
            {data.entries.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-10 text-center text-slate-600">
                  No invoices yet.
                </td>
              </tr>
            ) : null}
          </tbody>
          <tfoot className="border-t border-slate-300 font-semibold">
            <tr>
              <th scope="row" colSpan={2} className="px-4 py-3 text-left">
                Totals
              </th>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(data.total_invoiced)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(data.total_paid)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(data.balance)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      {/* Below sm each entry is a card, with the running balance beside the charge or payment. */}
      <section aria-labelledby="activity-heading" className="flex flex-col gap-3 sm:hidden">
        <h3 id="activity-heading" className="text-lg font-semibold text-slate-900">
          Activity
        </h3>
        {data.entries.length === 0 ? <p className="text-slate-600">No invoices yet.</p> : null}
        <ul aria-label={ACTIVITY_LABEL} className="flex flex-col divide-y divide-slate-100 rounded-2xl bg-white text-sm ring-1 ring-slate-200">
          {data.entries.map((entry) => (
            <li key={entryKey(entry)} className="flex flex-col gap-0.5 px-4 py-3">
              <span className="text-slate-600">{formatCalendarDate(entry.date)}</span>
              <span className="wrap-anywhere text-slate-900">{entry.description}</span>
              <span className="flex flex-wrap justify-between gap-x-3 tabular-nums">
                {entry.charge ? <span>Charge {formatMoney(entry.charge)}</span> : null}
                {entry.payment ? <span className="text-green-800">Payment {formatMoney(entry.payment)}</span> : null}
                <span className="ml-auto">
                  <span className="text-slate-600">Balance </span>
                  <span className="font-semibold">{formatMoney(entry.balance)}</span>
                </span>
              </span>
            </li>
          ))}
        </ul>
        <dl aria-label="Totals" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-2xl bg-white p-4 text-sm ring-1 ring-slate-200">
          <dt className="text-slate-600">Total invoiced</dt>
          <dd className="text-right tabular-nums">{formatMoney(data.total_invoiced)}</dd>
          <dt className="text-slate-600">Total paid</dt>
          <dd className="text-right tabular-nums">{formatMoney(data.total_paid)}</dd>
          <dt className="font-semibold">Balance due</dt>
          <dd className="text-right font-semibold tabular-nums">{formatMoney(data.balance)}</dd>
        </dl>
      </section>
    </section>
  );
}

const ACTIVITY_LABEL = 'Invoices and payments in date order, with the running balance';
const entryKey = (entry: Statement['entries'][number]) => `${entry.kind}-${entry.invoice_id}-${entry.date}-${entry.description}`;
