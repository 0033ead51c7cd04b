import type { IntegrationAllowance } from '@portal/contract';
import { moneyForApi } from '@portal/contract/money';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useSaveAllowance } from '../api/allowance-steps';

/**
 * A new allowance of the project (a name and the money the contract holds for it), or one changed: the server works
 * out its change order again from what is chosen against the new amount.
 */
export function AllowanceForm({ projectId, allowance, onDone }: { projectId: number; allowance?: IntegrationAllowance; onDone: () => void }) {
  const save = useSaveAllowance(projectId, allowance?.id);
  const [name, setName] = useState(allowance?.name ?? '');
  const [amount, setAmount] = useState(allowance?.amount ?? '');
  const { form, fields } = formErrors(save.error);
  const title = allowance ? `Edit ${allowance.name}` : 'New allowance';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name, amount: moneyForApi(amount) },
      {
        onSuccess: (saved) => {
          toast.success(allowance ? 'Allowance saved' : 'Allowance added', `${saved.name}: the portal shows what is chosen against it.`);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={title} className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h3 className="text-lg font-semibold wrap-anywhere text-slate-900">{title}</h3>
      <FormError message={form} />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} error={fields.name} autoComplete="off" required autoFocus />
        <TextField
          label="Amount ($)"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={fields.amount}
          autoComplete="off"
          required
          className="text-right tabular-nums"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : allowance ? 'Save the allowance' : 'Add the allowance'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
