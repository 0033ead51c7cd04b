import type { IntegrationSelectionOption } from '@portal/contract';
import { moneyForApi } from '@portal/contract/money';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { OptionalTextArea } from '../../../components/labelled-field';
import { useSaveOption, type OptionBody } from '../api/option-steps';
import { SMALL } from './small-button';

interface OptionForm {
  title: string;
  description: string;
  price: string;
  lead_time_days: string;
  supplier_url: string;
}

const formOf = (option: IntegrationSelectionOption | undefined): OptionForm => ({
  title: option?.title ?? '',
  description: option?.description ?? '',
  price: option?.price ?? '',
  lead_time_days: option?.lead_time_days === null || option?.lead_time_days === undefined ? '' : String(option.lead_time_days),
  supplier_url: option?.supplier_url ?? '',
});

/**
 * What the form sends: empty texts as null; a whole number of days as a number, anything else as typed, so that the
 * server names what is wrong with it rather than the form guessing.
 */
export function optionBody(form: OptionForm): OptionBody {
  const days = form.lead_time_days.trim();
  return {
    title: form.title,
    description: form.description.trim() === '' ? null : form.description,
    price: moneyForApi(form.price),
    lead_time_days: days === '' ? null : /^\d+$/.test(days) ? Number(days) : (days as unknown as number),
    supplier_url: form.supplier_url.trim() === '' ? null : form.supplier_url.trim(),
  };
}

/** A new option of the selection, or one changed: title, price, lead time, the supplier's page and a description. */
export function OptionForm({ selectionId, option, onDone }: { selectionId: number; option?: IntegrationSelectionOption; onDone: () => void }) {
  const save = useSaveOption(selectionId, option?.id);
  const [form, setForm] = useState<OptionForm>(() => formOf(option));
  const { form: message, fields } = formErrors(save.error);
  const set = (patch: Partial<OptionForm>) => setForm((previous) => ({ ...previous, ...patch }));
  const title = option ? `Edit ${option.title}` : 'New option';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(optionBody(form), {
      onSuccess: (saved) => {
        toast.success(option ? 'Option saved' : 'Option added', option ? undefined : `${saved.title}: add its photos now.`);
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={title} className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h4 className="font-semibold wrap-anywhere text-slate-900">{title}</h4>
      <FormError message={message} />
      <TextField
        label="Title"
        value={form.title}
        onChange={(event) => set({ title: event.target.value })}
        error={fields.title}
        autoComplete="off"
        required
        autoFocus
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price ($)"
          inputMode="decimal"
          value={form.price}
          onChange={(event) => set({ price: event.target.value })}
          error={fields.price}
          autoComplete="off"
          required
          className="text-right tabular-nums"
        />
        <TextField
          label="Lead time (days)"
          inputMode="numeric"
          value={form.lead_time_days}
          onChange={(event) => set({ lead_time_days: event.target.value })}
          error={fields.lead_time_days}
          hint="From order to delivery. Empty: not known."
          autoComplete="off"
        />
      </div>
      <TextField
        label="Supplier link"
        type="url"
        inputMode="url"
        value={form.supplier_url}
        onChange={(event) => set({ supplier_url: event.target.value })}
        error={fields.supplier_url}
        hint="Where the customer may read more: an http:// or https:// address."
        autoComplete="off"
      />
      <OptionalTextArea label="Description" value={form.description} error={fields.description} onChange={(description) => set({ description })} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className={SMALL} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : option ? 'Save the option' : 'Add the option'}
        </Button>
        <Button variant="ghost" className={SMALL} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
