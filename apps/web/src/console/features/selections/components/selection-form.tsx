import type { IntegrationSelectionDetail } from '@portal/contract';
import { formatMoney } from '../../../../lib/format';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { fieldAria, LabelledField, OptionalTextArea } from '../../../components/labelled-field';
import { FormCard } from '../../../components/record-page';
import { useProjectAllowances } from '../api/get-selections';
import { useSaveSelection, type SelectionBody } from '../api/selection-steps';

/** The form's fields as typed: "" is none (no room, no deadline, no allowance). */
interface SelectionForm {
  title: string;
  description: string;
  room: string;
  deadline: string;
  allowance_id: string;
}

const formOf = (selection: IntegrationSelectionDetail | undefined): SelectionForm => ({
  title: selection?.title ?? '',
  description: selection?.description ?? '',
  room: selection?.room ?? '',
  deadline: selection?.deadline ?? '',
  allowance_id: selection?.allowance ? String(selection.allowance.id) : '',
});

/** What the form sends: empty texts as null, so the server clears them; it checks every field and names it. */
const bodyOf = (form: SelectionForm): SelectionBody => ({
  title: form.title,
  description: form.description.trim() === '' ? null : form.description,
  room: form.room.trim() === '' ? null : form.room,
  deadline: form.deadline === '' ? null : form.deadline,
  allowance_id: form.allowance_id === '' ? null : Number(form.allowance_id),
});

/** The project's allowances to draw on, or none. */
function AllowanceSelect({
  projectId,
  value,
  error,
  onChange,
}: {
  projectId: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const allowances = useProjectAllowances(projectId);
  const hint = 'What the contract holds for it: a choice over it makes a change order.';
  return (
    <LabelledField id={id} label="Allowance" hint={hint} error={error}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...fieldAria(id, error, hint)}
        className={`w-full min-w-0 rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs ${error ? 'border-red-600' : 'border-slate-300'}`}
      >
        <option value="">No allowance</option>
        {(allowances.data?.data ?? []).map((allowance) => (
          <option key={allowance.id} value={allowance.id}>
            {`${allowance.name} (${formatMoney(allowance.amount)})`}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

/**
 * A selection's title, description, room, deadline and allowance: a new one (its options are added on its page), or
 * one changed. `buttons` are the form's own (save, cancel, delete), given the save's state.
 */
export function SelectionDetailsForm({
  projectId,
  selection,
  onSaved,
  buttons,
}: {
  projectId: number;
  selection?: IntegrationSelectionDetail;
  onSaved: (saved: IntegrationSelectionDetail) => void;
  buttons: (pending: boolean) => ReactNode;
}) {
  const save = useSaveSelection(projectId, selection?.id);
  const [form, setForm] = useState<SelectionForm>(() => formOf(selection));
  const { form: message, fields } = formErrors(save.error);
  const set = (patch: Partial<SelectionForm>) => setForm((previous) => ({ ...previous, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(bodyOf(form), { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormCard title="Details" id="selection-details">
        <div className="flex flex-col gap-4">
          <TextField
            label="Title"
            value={form.title}
            onChange={(event) => set({ title: event.target.value })}
            error={fields.title}
            autoComplete="off"
            required
          />
          <OptionalTextArea label="Description" value={form.description} error={fields.description} onChange={(description) => set({ description })} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Room"
              value={form.room}
              onChange={(event) => set({ room: event.target.value })}
              error={fields.room}
              hint="The portal groups selections by room. Empty: Other."
              autoComplete="off"
            />
            <TextField
              label="Deadline"
              type="date"
              value={form.deadline}
              onChange={(event) => set({ deadline: event.target.value })}
              error={fields.deadline}
              hint="The last day the customer may choose. Empty: no deadline."
            />
          </div>
          <AllowanceSelect projectId={projectId} value={form.allowance_id} error={fields.allowance_id} onChange={(allowance_id) => set({ allowance_id })} />
        </div>
      </FormCard>
      <FormError message={message} />
      <div className="flex flex-wrap justify-end gap-3">{buttons(save.isPending)}</div>
    </form>
  );
}
