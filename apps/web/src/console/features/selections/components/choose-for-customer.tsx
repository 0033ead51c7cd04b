import type { IntegrationSelectionDetail } from '@portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { formatMoney } from '../../../../lib/format';
import { formErrors } from '../../../../lib/form-errors';
import { againstAllowance } from '../../../../lib/selection-format';
import { toast } from '../../../../lib/toast';
import { OptionalTextArea } from '../../../components/labelled-field';
import { FormCard } from '../../../components/record-page';
import { useChooseForCustomer } from '../api/selection-steps';

/**
 * The office chooses on the customer's behalf (they said so on the phone, on site): one of the options and a note of
 * why, recorded as the company's choice with who chose it. The deadline does not bind the office; a lock does.
 */
export function ChooseForCustomer({ selection, onDone }: { selection: IntegrationSelectionDetail; onDone: () => void }) {
  const name = useId();
  const choose = useChooseForCustomer(selection.id);
  const [optionId, setOptionId] = useState<number | null>(selection.choice?.option_id ?? null);
  const [note, setNote] = useState('');
  const { form, fields } = formErrors(choose.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (optionId === null) return;
    choose.mutate(
      { option_id: optionId, note: note.trim() === '' ? null : note },
      {
        onSuccess: (saved) => {
          toast.success('Chosen for the customer', `${saved.chosen?.title ?? 'The option'} is chosen, recorded as the company's choice.`);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Choose for the customer">
      <FormCard title="Choose for the customer" id="choose-for-customer">
        <div className="flex flex-col gap-4">
          <FormError message={form} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Option</legend>
            {selection.options.map((option) => (
              <label
                key={option.id}
                className="flex items-start gap-3 rounded-xl px-3 py-2 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-slate-900"
              >
                <input
                  type="radio"
                  name={name}
                  value={option.id}
                  checked={optionId === option.id}
                  onChange={() => setOptionId(option.id)}
                  className="mt-1 size-4 shrink-0 accent-slate-900"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium wrap-anywhere text-slate-900">{option.title}</span>
                  <span className="text-sm text-slate-600">
                    {formatMoney(option.price)}
                    {option.difference === null ? null : `, ${againstAllowance(option.difference)}`}
                  </span>
                </span>
              </label>
            ))}
            {fields.option_id ? <p className="text-sm text-red-700">{fields.option_id}</p> : null}
          </fieldset>
          <OptionalTextArea label="Note" value={note} error={fields.note} onChange={setNote} />
          <p className="text-sm text-slate-600">Why you choose for them, such as “chosen by phone on Dec 3”: the customers and the history show it.</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={choose.isPending || optionId === null}>
              {choose.isPending ? 'Choosing…' : 'Choose this option'}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </div>
      </FormCard>
    </form>
  );
}
