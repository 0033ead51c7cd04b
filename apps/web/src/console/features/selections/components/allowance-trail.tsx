import { COMPANY_CHANGE_ORDER_STATUS_LABELS, formatChangeOrderNumber } from '@portal/contract/change-order-constants';
import { toCents } from '@portal/contract/money';
import { Link } from '@tanstack/react-router';
import { CHANGE_ORDER_TONES, StatusBadge } from '../../../../components/status-badge';
import { formatChangeOrderAmount, formatMoney, NO_VALUE } from '../../../../lib/format';
import { Fact } from '../../../components/record-page';
import { useAllowance } from '../api/get-selections';
import { AllowanceDifference } from './allowance-difference';
import { projectChangeOrderUrl } from './links';

/**
 * The allowance the selection draws on: its money across all its selections, and the change orders its difference
 * made (every version, newest first), each a link to its page on the Change orders tab.
 */
export function AllowanceTrail({ projectId, allowanceId }: { projectId: number; allowanceId: number }) {
  const allowance = useAllowance(allowanceId);
  if (!allowance.data) return null;
  const { data } = allowance;
  const anythingChosen = data.anything_chosen;
  return (
    <section aria-labelledby="allowance-heading" className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h3 id="allowance-heading" className="text-lg font-semibold wrap-anywhere text-slate-900">
        {`Allowance: ${data.name}`}
      </h3>
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-5">
        <Fact term="Amount">{formatMoney(data.amount)}</Fact>
        <Fact term="Chosen">{formatMoney(data.chosen)}</Fact>
        <Fact term="Difference">
          <AllowanceDifference difference={data.difference} anythingChosen={anythingChosen} />
        </Fact>
        <Fact term="Carried">{formatChangeOrderAmount(data.carried)}</Fact>
        <Fact term="Outstanding">{anythingChosen || toCents(data.carried) !== 0 ? formatChangeOrderAmount(data.outstanding) : NO_VALUE}</Fact>
      </dl>
      {data.change_orders.length === 0 ? (
        <p className="text-sm text-slate-600">No change order yet: one is made when what is chosen goes over the allowance.</p>
      ) : (
        <ul aria-label="Change orders of the allowance" className="flex flex-col divide-y divide-slate-100 text-sm">
          {data.change_orders.map((changeOrder) => {
            const to: string = projectChangeOrderUrl(projectId, changeOrder.id);
            return (
              <li key={changeOrder.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                <span className="flex flex-wrap items-center gap-2">
                  <Link to={to} className="font-semibold text-blue-800 underline underline-offset-2">
                    {`Change order ${formatChangeOrderNumber(changeOrder.number, changeOrder.version)}`}
                  </Link>
                  <StatusBadge tone={CHANGE_ORDER_TONES[changeOrder.status]} label={COMPANY_CHANGE_ORDER_STATUS_LABELS[changeOrder.status]} />
                </span>
                <span className="font-medium text-slate-900 tabular-nums">{formatChangeOrderAmount(changeOrder.total)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
