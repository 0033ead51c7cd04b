import type { IntegrationAllowance } from '@portal/contract';
import { COMPANY_CHANGE_ORDER_STATUS_LABELS, formatChangeOrderNumber } from '@portal/contract/change-order-constants';
import { Link, useNavigate } from '@tanstack/react-router';
import { HandCoins } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { InlineAlert } from '../../../components/labelled-field';
import { useCarryCredit } from '../api/allowance-steps';
import { useAllowance } from '../api/get-selections';
import { projectChangeOrderUrl } from './links';
import { SMALL } from './small-button';

/**
 * "Carry the credit as a change order" for an allowance chosen under: a credit change order draft for what is not yet
 * carried, opened at once for the office to check and send. While a draft or a sent one is waiting, it carries the
 * credit already: its link shows instead, rather than a button the server would refuse.
 */
export function CarryCredit({ projectId, allowance }: { projectId: number; allowance: IntegrationAllowance }) {
  const navigate = useNavigate();
  const credit = useCarryCredit(allowance.id);
  const detail = useAllowance(allowance.id);
  if (!detail.data) return null;
  const waiting = detail.data.change_orders.find((changeOrder) => changeOrder.status === 'draft' || changeOrder.status === 'sent');
  if (waiting) {
    const to: string = projectChangeOrderUrl(projectId, waiting.id);
    return (
      <p className="text-sm text-slate-700">
        {'The credit is on '}
        <Link to={to} className="font-medium text-blue-800 underline underline-offset-2">
          {`change order ${formatChangeOrderNumber(waiting.number, waiting.version)}`}
        </Link>
        {` (${COMPANY_CHANGE_ORDER_STATUS_LABELS[waiting.status].toLowerCase()}).`}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="ghost"
        className={`${SMALL} self-start`}
        disabled={credit.isPending}
        onClick={() =>
          credit.mutate(undefined, {
            onSuccess: (draft) => {
              toast.success('Credit drafted', `${formatChangeOrderNumber(draft.number, draft.version)} carries the credit: check it and send it.`);
              const to: string = projectChangeOrderUrl(projectId, draft.id);
              void navigate({ to });
            },
          })
        }
      >
        <HandCoins aria-hidden="true" className="size-4" />
        Carry the credit as a change order
      </Button>
      <InlineAlert message={credit.error ? (formErrors(credit.error).form ?? 'The credit could not be drafted. Try again in a moment.') : null} />
    </div>
  );
}
