import type { IntegrationCompany } from '@portal/contract';
import { SELECTION_OVERAGE_MODES, type SelectionOverageMode } from '@portal/contract/selection-constants';
import { useId } from 'react';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useUpdateCompany } from '../api/update-company';

/** Each way in the words of an office manager: what the office still has to do. */
export const OVERAGE_LABELS: Record<SelectionOverageMode, { label: string; description: string }> = {
  draft: { label: 'Make a draft change order', description: 'The office checks it and sends it to the customer.' },
  send: { label: 'Send the change order at once', description: 'The customer is emailed and can approve it straight away.' },
};

/**
 * What a customer's choice over its allowance makes (`selection_overage_change_orders`): a change order draft for the
 * office to send, or one sent at once. Saved the moment it is picked, as the switches are.
 */
export function SelectionOverageSetting({ company }: { company: IntegrationCompany }) {
  const id = useId();
  const update = useUpdateCompany();
  const current =
    update.isPending && update.variables.selection_overage_change_orders
      ? update.variables.selection_overage_change_orders
      : company.selection_overage_change_orders;
  const error = update.isError ? formErrors(update.error) : null;
  const pick = (mode: SelectionOverageMode) =>
    update.mutate(
      { selection_overage_change_orders: mode },
      {
        onSuccess: (saved) =>
          toast.success('Saved', `A choice over its allowance: ${OVERAGE_LABELS[saved.selection_overage_change_orders].label.toLowerCase()}.`),
      },
    );
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        Selections
      </h2>
      <fieldset className="flex flex-col gap-2" disabled={update.isPending}>
        <legend className="mb-2 text-slate-700">When a choice goes over its allowance:</legend>
        {SELECTION_OVERAGE_MODES.map((mode) => (
          <label key={mode} className="flex items-start gap-3">
            <input
              type="radio"
              name={`${id}-overage`}
              value={mode}
              checked={current === mode}
              onChange={() => pick(mode)}
              aria-describedby={`${id}-${mode}`}
              className="mt-1 size-4 shrink-0 accent-slate-900"
            />
            <span className="flex flex-col">
              <span className="font-medium text-slate-900">{OVERAGE_LABELS[mode].label}</span>
              <span id={`${id}-${mode}`} className="text-sm text-slate-600">
                {OVERAGE_LABELS[mode].description}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error.fields.selection_overage_change_orders ?? error.form}
        </p>
      ) : null}
    </section>
  );
}
