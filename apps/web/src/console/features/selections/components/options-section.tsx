import type { IntegrationSelectionDetail, IntegrationSelectionOption } from '@portal/contract';
import { SELECTION_MESSAGES } from '@portal/contract/selection-constants';
import { CircleCheck, ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog, useConfirmOpen } from '../../../../components/confirm-dialog';
import { StatusBadge } from '../../../../components/status-badge';
import { Button } from '../../../../components/ui/button';
import { formatMoney } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { againstAllowance, differenceTone } from '../../../../lib/selection-format';
import { toast } from '../../../../lib/toast';
import { useDeleteOption } from '../api/option-steps';
import { SMALL } from './small-button';
import { OptionForm } from './option-form';
import { OptionPhotos } from './option-photos';

const leadTime = (days: number | null) => (days === null ? 'Lead time not known' : `${days} day${days === 1 ? '' : 's'} lead time`);

/** Removes an option after asking; one that was ever chosen is kept, as the evidence of that choice. */
function RemoveOption({ selectionId, option }: { selectionId: number; option: IntegrationSelectionOption }) {
  const remove = useDeleteOption(selectionId, option.id);
  const confirm = useConfirmOpen(remove);
  if (option.ever_chosen) return <p className="text-sm text-slate-600">{SELECTION_MESSAGES.optionChosen}</p>;
  return (
    <ConfirmDialog
      open={confirm.open}
      onOpenChange={confirm.onOpenChange}
      danger
      trigger={
        <Button variant="ghost" className={`${SMALL} text-red-800`} aria-label={`Remove ${option.title}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      }
      title={`Remove ${option.title}?`}
      confirmLabel="Remove the option"
      pending={remove.isPending}
      error={remove.error ? (formErrors(remove.error).form ?? 'It could not be removed. Try again in a moment.') : null}
      // The promise, not mutate's callbacks: they do not run once the option's card, and this button, have gone.
      onConfirm={() =>
        void remove.mutateAsync().then(
          () => {
            confirm.close();
            toast.success('Option removed', `${option.title} and its photos are gone.`);
          },
          () => undefined,
        )
      }
    >
      The option and its photos go for good; the customers no longer see it.
    </ConfirmDialog>
  );
}

/** One option: its photos, title, price against the allowance, lead time, the supplier's page, and what may be done with it. */
function OptionCard({ selection, option }: { selection: IntegrationSelectionDetail; option: IntegrationSelectionOption }) {
  const [editing, setEditing] = useState(false);
  const chosen = selection.choice?.option_id === option.id;
  if (editing)
    return (
      <li>
        <OptionForm selectionId={selection.id} option={option} onDone={() => setEditing(false)} />
      </li>
    );
  return (
    <li
      aria-label={option.title}
      className={`flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-5 ${chosen ? 'ring-2 ring-green-600' : 'ring-1 ring-slate-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h4 className="min-w-0 font-semibold wrap-anywhere text-slate-900">{option.title}</h4>
        {chosen ? <StatusBadge tone="success" label="Chosen" icon={<CircleCheck aria-hidden="true" className="size-3.5" />} /> : null}
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <span className="text-base font-semibold text-slate-900 tabular-nums">{formatMoney(option.price)}</span>
        {option.difference === null ? null : <span className={differenceTone(option.difference)}>{againstAllowance(option.difference)}</span>}
        <span className="text-slate-600">{leadTime(option.lead_time_days)}</span>
      </p>
      {option.supplier_url ? (
        <a
          href={option.supplier_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-w-0 items-center gap-1.5 text-sm font-medium text-blue-800 underline"
        >
          <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
          <span className="break-all">{option.supplier_url}</span>
        </a>
      ) : null}
      {option.description ? <p className="text-sm whitespace-pre-line text-slate-700">{option.description}</p> : null}
      <OptionPhotos selectionId={selection.id} option={option} />
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
        <Button variant="ghost" className={SMALL} onClick={() => setEditing(true)} aria-label={`Edit ${option.title}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        <RemoveOption selectionId={selection.id} option={option} />
      </div>
    </li>
  );
}

/** The selection's options, in the company's order, and a new one added below them. */
export function OptionsSection({ selection }: { selection: IntegrationSelectionDetail }) {
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="options-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="options-heading" className="text-lg font-semibold text-slate-900">
          Options
        </h3>
        {adding ? null : (
          <Button className="shrink-0" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-5" />
            Add an option
          </Button>
        )}
      </div>
      {selection.options.length === 0 && !adding ? (
        <p className="text-slate-600">No options yet: add the ones the customer chooses from, each with its price and photos.</p>
      ) : null}
      {selection.options.length > 0 ? (
        <ul aria-label="Options" className="grid gap-3 lg:grid-cols-2">
          {selection.options.map((option) => (
            <OptionCard key={option.id} selection={selection} option={option} />
          ))}
        </ul>
      ) : null}
      {adding ? <OptionForm selectionId={selection.id} onDone={() => setAdding(false)} /> : null}
    </section>
  );
}
