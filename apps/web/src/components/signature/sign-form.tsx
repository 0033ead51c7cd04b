import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { FormError } from '../ui/form-error';
import { TextField } from '../ui/text-field';
import { signatureFieldErrors, type SignatureFieldErrors } from './signature-check';

/**
 * Signing with a typed name and a consent box: a proposal's acceptance and a change order's approval read and behave
 * the same (docs/decisions/067-proposal-pages.md). The caller sends the request: `onSign` gets the trimmed name once
 * the form's own check passes, and never while `pending`, so a double tap sends one request (the button is disabled
 * meanwhile too; the server refuses a second one anyway). `error` is the request's error: a field error shows beside
 * its field, anything else (a 409 refusal) as the server words it.
 */
export function SignForm({
  heading,
  summary,
  consentText,
  maxNameLength,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSign,
}: {
  heading: string;
  /** What the signature agrees to, under the heading. */
  summary: ReactNode;
  consentText: string;
  maxNameLength: number;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: unknown;
  onSign: (signerName: string) => void;
}) {
  const [signerName, setSignerName] = useState('');
  const [consent, setConsent] = useState(false);
  const [checked, setChecked] = useState<SignatureFieldErrors | null>(null);
  const consentId = useId();
  const headingId = useId();
  const server = formErrors(error);
  // The form's own check shows once a submission was tried, and follows the fields from then on.
  const own = checked ? signatureFieldErrors({ signerName, consent }, maxNameLength) : {};
  const nameError = own.signer_name ?? server.fields.signer_name;
  const consentError = own.consent ?? server.fields.consent;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const errors = signatureFieldErrors({ signerName, consent }, maxNameLength);
    setChecked(errors);
    if (Object.keys(errors).length > 0) return;
    onSign(signerName.trim());
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {heading}
        </h3>
        <p className="text-slate-700">{summary}</p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Full name"
          value={signerName}
          onChange={(event) => setSignerName(event.target.value)}
          error={nameError}
          hint="Type your name as your signature."
          autoComplete="name"
          className="font-signature text-2xl italic"
        />
        <div className="flex flex-col gap-1">
          <div className="flex items-start gap-3">
            <input
              id={consentId}
              type="checkbox"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? `${consentId}-error` : undefined}
              className="mt-1 size-5 shrink-0 accent-slate-900"
            />
            <label htmlFor={consentId} className="text-sm text-slate-800">
              {consentText}
            </label>
          </div>
          {consentError ? (
            <p id={`${consentId}-error`} className="text-sm text-red-700">
              {consentError}
            </p>
          ) : null}
        </div>
        <FormError message={server.form} />
        <div>
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}
