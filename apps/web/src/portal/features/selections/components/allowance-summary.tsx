import type { AllowanceSummary as Allowance, AllowanceTotals } from '@portal/contract';
import { CardFigures } from '../../../../components/card-figures';
import { TableFrame } from '../../../../components/table-frame';
import { formatMoney } from '../../../../lib/format';
import { differenceTone, overUnder } from '../../../../lib/selection-format';

const HEAD = ['Allowance', 'Amount', 'Chosen', 'Over / under'];

/**
 * Each allowance against what is chosen, and the sums: a table from `sm` up, a card each on a phone (as the lists of
 * the other areas). Over is money the customer will be asked for, under a credit.
 */
export function AllowanceSummary({ allowances, totals }: { allowances: Allowance[]; totals: AllowanceTotals }) {
  const rows = [
    ...allowances.map((allowance) => ({ key: String(allowance.id), ...allowance })),
    { key: 'total', name: 'Total', ...totals, anything_chosen: allowances.some((allowance) => allowance.anything_chosen) },
  ];
  return (
    <section aria-labelledby="allowances-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="allowances-heading" className="text-lg font-semibold text-slate-900">
          Allowances
        </h2>
        <p className="text-sm text-slate-600">What your contract holds for each, against what you have chosen.</p>
      </div>
      <TableFrame
        caption="Allowances against what is chosen"
        head={HEAD.map((label, index) => (
          <th key={label} scope="col" className={`px-4 py-3 font-semibold ${index > 0 ? 'text-right' : ''}`}>
            {label}
          </th>
        ))}
      >
        {rows.map((row) => {
          const total = row.key === 'total';
          return (
            <tr key={row.key} className={total ? 'border-t-2 border-slate-300 font-semibold' : undefined}>
              <th scope="row" className={`px-4 py-3 text-left wrap-anywhere ${total ? 'font-semibold' : 'font-medium'}`}>
                {row.name}
              </th>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatMoney(row.amount)}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatMoney(row.chosen)}</td>
              <td className={`px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums ${differenceTone(row.difference, row.anything_chosen)}`}>
                {overUnder(row.difference, row.anything_chosen)}
              </td>
            </tr>
          );
        })}
      </TableFrame>
      <ul aria-label="Allowances against what is chosen" className="flex flex-col gap-3 sm:hidden">
        {rows.map((row) => (
          <li key={row.key} className={`rounded-2xl p-4 ring-1 ${row.key === 'total' ? 'bg-slate-50 ring-slate-300' : 'bg-white ring-slate-200'}`}>
            <p className="font-semibold wrap-anywhere text-slate-900">{row.name}</p>
            <CardFigures
              figures={[
                { label: 'Amount', value: formatMoney(row.amount) },
                { label: 'Chosen', value: formatMoney(row.chosen) },
                {
                  label: 'Over / under',
                  value: <span className={differenceTone(row.difference, row.anything_chosen)}>{overUnder(row.difference, row.anything_chosen)}</span>,
                  strong: true,
                },
              ]}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
