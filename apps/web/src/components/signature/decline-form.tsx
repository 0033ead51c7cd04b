import { useId, useState, type FormEvent } from 'react';
import { formErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { FormError } from '../ui/form-error';

/**
 * Declining what the company sent (a proposal, a change order) with an optional reason, after a second step: the first
 * button only opens the form. `thing` names it in the words ("proposal", "change order"); `consequence` says what
 * declining means. `onDecline` gets the trimmed reason, or null for none, and never while `pending`.
 */
export function DeclineForm({
  thing,
  consequence,
  pending,
  error,
  onDecline,
}: {
  thing: string;
  consequence: string;
  pending: boolean;
  error: unknown;
  onDecline: (reason: string | null) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const headingId = useId();
  const { form, fields } = formErrors(error);

  if (!asking) {
    return (
      <div>
        <Button variant="ghost" className="px-4 py-2 text-sm" onClick={() => setAsking(true)}>
          Decline this {thing}…
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    onDecline(reason.trim() === '' ? null : reason.trim());
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-red-200 sm:p-6">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        Decline this {thing}?
      </h3>
      <p className="text-slate-700">{consequence}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
            Reason <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <textarea
            id={reasonId}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={fields.reason ? true : undefined}
            aria-describedby={fields.reason ? `${reasonId}-error` : undefined}
            className={`w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-xs outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 ${fields.reason ? 'border-red-600' : 'border-slate-300'}`}
          />
          {fields.reason ? (
            <p id={`${reasonId}-error`} className="text-sm text-red-700">
              {fields.reason}
            </p>
          ) : null}
        </div>
        <FormError message={form} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="danger" disabled={pending}>
            Decline the {thing}
          </Button>
          <Button variant="ghost" onClick={() => setAsking(false)} disabled={pending}>
            Keep it open
          </Button>
        </div>
      </form>
    </section>
  );
}
