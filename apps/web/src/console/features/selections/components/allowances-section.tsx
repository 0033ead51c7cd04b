import type { IntegrationAllowance } from '@portal/contract';
import { MAX_PER_PAGE } from '@portal/contract/constants';
import { toCents } from '@portal/contract/money';
import { Pencil, Plus, Trash2, WalletCards } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog, useConfirmOpen } from '../../../../components/confirm-dialog';
import { Button } from '../../../../components/ui/button';
import { formatChangeOrderAmount, formatMoney } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { usePaging } from '../../../../lib/use-paging';
import { CardFacts, CardHead, ListPage, type ListColumn } from '../../../components/list-page';
import { useDeleteAllowance } from '../api/allowance-steps';
import { useProjectAllowances } from '../api/get-selections';
import { AllowanceDifference } from './allowance-difference';
import { AllowanceForm } from './allowance-form';
import { CarryCredit } from './carry-credit';
import { SMALL } from './small-button';

/** What may be done with one allowance: edit it, remove it (after asking), and carry a credit as a change order draft when chosen under. */
function AllowanceActions({
  projectId,
  allowance,
  anythingChosen,
  onEdit,
}: {
  projectId: number;
  allowance: IntegrationAllowance;
  anythingChosen: boolean;
  onEdit: () => void;
}) {
  const remove = useDeleteAllowance(allowance.id);
  const confirm = useConfirmOpen(remove);
  const under = anythingChosen && toCents(allowance.outstanding) < 0;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" className={SMALL} onClick={onEdit} aria-label={`Edit ${allowance.name}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        <ConfirmDialog
          open={confirm.open}
          onOpenChange={confirm.onOpenChange}
          danger
          trigger={
            <Button variant="ghost" className={`${SMALL} text-red-800`} aria-label={`Remove ${allowance.name}`}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
            </Button>
          }
          title={`Remove the allowance ${allowance.name}?`}
          confirmLabel="Remove the allowance"
          pending={remove.isPending}
          error={remove.error ? (formErrors(remove.error).form ?? 'It could not be removed. Try again in a moment.') : null}
          // The promise, not mutate's callbacks: they do not run once the allowance's row, and this button, have gone.
          onConfirm={() =>
            void remove.mutateAsync().then(
              () => {
                confirm.close();
                toast.success('Allowance removed', `${allowance.name} is gone; its selections stay, drawing on no allowance.`);
              },
              () => undefined,
            )
          }
        >
          Its selections stay, without an allowance. The change orders it made stay as they are.
        </ConfirmDialog>
      </div>
      {under ? <CarryCredit projectId={projectId} allowance={allowance} /> : null}
    </div>
  );
}

/**
 * The project's allowances: each one's amount, what is chosen against it, the difference (over, or under: a credit)
 * and what approved change orders already carry; added, edited and removed here.
 */
export function AllowancesSection({ projectId }: { projectId: number }) {
  const allowances = useProjectAllowances(projectId);
  const paging = usePaging(MAX_PER_PAGE);
  // 'new', an allowance's id, or null: one form at a time, above the list.
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const edited = typeof editing === 'number' ? allowances.data?.data.find((allowance) => allowance.id === editing) : undefined;
  const actions = (allowance: IntegrationAllowance) => (
    <AllowanceActions projectId={projectId} allowance={allowance} anythingChosen={allowance.anything_chosen} onEdit={() => setEditing(allowance.id)} />
  );
  const columns: ListColumn<IntegrationAllowance>[] = [
    { label: 'Allowance', rowHeader: true, cell: (allowance) => <span className="font-semibold wrap-anywhere text-slate-900">{allowance.name}</span> },
    { label: 'Amount', numeric: true, cell: (allowance) => formatMoney(allowance.amount) },
    { label: 'Chosen', numeric: true, cell: (allowance) => formatMoney(allowance.chosen) },
    {
      label: 'Difference',
      numeric: true,
      cell: (allowance) => <AllowanceDifference difference={allowance.difference} anythingChosen={allowance.anything_chosen} />,
    },
    { label: 'Carried', numeric: true, cell: (allowance) => formatChangeOrderAmount(allowance.carried) },
    { label: 'Actions', cell: actions },
  ];

  return (
    <section aria-labelledby="allowances-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="allowances-heading" className="text-lg font-semibold text-slate-900">
            Allowances
          </h2>
          <p className="text-sm text-slate-600">
            What the contract holds for each choice. Going over makes a change order; a credit is carried when you say so.
          </p>
        </div>
        {editing === 'new' ? null : (
          <Button className="shrink-0" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-5" />
            Add an allowance
          </Button>
        )}
      </div>
      {editing !== null && (editing === 'new' || edited) ? (
        <AllowanceForm key={editing} projectId={projectId} allowance={edited} onDone={() => setEditing(null)} />
      ) : null}
      <ListPage
        noun="allowances"
        query={allowances}
        caption="Allowances of the project"
        columns={columns}
        rowKey={(allowance) => allowance.id}
        empty={{
          icon: WalletCards,
          title: 'No allowances yet',
          children: 'Add one for each sum the contract holds for a choice the customer makes: a faucet, the tile.',
        }}
        paging={paging}
        pagesLabel="Allowance pages"
        card={(allowance) => (
          <>
            <CardHead>
              <span className="font-semibold wrap-anywhere text-slate-900">{allowance.name}</span>
            </CardHead>
            <CardFacts
              facts={[
                { label: 'Amount', value: formatMoney(allowance.amount) },
                { label: 'Chosen', value: formatMoney(allowance.chosen) },
                {
                  label: 'Difference',
                  value: <AllowanceDifference difference={allowance.difference} anythingChosen={allowance.anything_chosen} />,
                  strong: true,
                },
                { label: 'Carried', value: formatChangeOrderAmount(allowance.carried) },
              ]}
            />
            <div className="mt-3">{actions(allowance)}</div>
          </>
        )}
      />
    </section>
  );
}
