import type { IntegrationInvoiceDetail } from '@portal/contract';
import { moneyForApi } from '@portal/contract/money';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { formatMoney, localDate } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useRecordPayment } from '../api/record-payment';

const METHODS = ['Check', 'ACH', 'Card', 'Cash', 'Wire'];

/** The server takes no payment dated after today, UTC: the default is the earlier of the office's day and that one. */
const today = () => {
  const utc = new Date().toISOString().slice(0, 10);
  const local = localDate();
  return local < utc ? local : utc;
};

/** Money received against a sent invoice. The server refuses more than the balance; its message shows beside the amount. */
export function PaymentForm({ projectId, invoice }: { projectId: number; invoice: IntegrationInvoiceDetail }) {
  const record = useRecordPayment(projectId, invoice.id);
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [method, setMethod] = useState('Check');
  const [reference, setReference] = useState('');
  const methodsId = useId();
  const { form, fields } = formErrors(record.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate(
      { amount: moneyForApi(amount), paid_on: paidOn, method, reference: reference.trim() === '' ? null : reference },
      {
        onSuccess: ({ payment }) => {
          setAmount('');
          setReference('');
          toast.success('Payment recorded', `${formatMoney(payment.amount)} by ${payment.method} on invoice ${invoice.number}.`);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="payment-heading"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="payment-heading" className="text-lg font-semibold text-slate-900">
        Record a payment
      </h2>
      <FormError message={form} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={fields.amount ?? fields.currency}
          hint={`Balance due: ${formatMoney(invoice.balance)}`}
          autoComplete="off"
        />
        <TextField label="Paid on" type="date" value={paidOn} onChange={(event) => setPaidOn(event.target.value)} error={fields.paid_on} />
        <TextField
          label="Method"
          list={methodsId}
          value={method}
          onChange={(event) => setMethod(event.target.value)}
          error={fields.method}
          autoComplete="off"
        />
        <TextField
          label="Reference"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          error={fields.reference}
          hint="Check number, transaction id (optional)"
          autoComplete="off"
        />
      </div>
      <datalist id={methodsId}>
        {METHODS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="flex justify-end">
        <Button type="submit" disabled={record.isPending}>
          Record the payment
        </Button>
      </div>
    </form>
  );
}
