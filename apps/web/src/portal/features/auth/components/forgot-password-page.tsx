import { Link, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { EmailField, SubmitForm } from '../../../../components/submit-form';
import { useRequestPasswordReset } from '../api/password-reset';
import { formErrors } from '../../../../lib/form-errors';

export function ForgotPasswordPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const theme = typeof search.theme === 'string' ? search.theme : undefined;
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const emailError = formErrors(request.error).fields.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void request.run({ email, ...(theme ? { theme } : {}) }, { onSuccess: ({ message }) => setSent(message) });
  };

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Forgot your password?</h1>
      {sent ? (
        <p className="mb-6 text-slate-600" role="status">
          {sent}
        </p>
      ) : (
        <>
          <p className="mb-6 text-slate-600">Enter the email address you sign in with, and we will email you a link to choose a new password.</p>
          <SubmitForm onSubmit={submit} error={request.error} pending={request.isPending} label="Email me a link" pendingLabel="Sending…">
            <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={emailError} />
          </SubmitForm>
        </>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/login" search={{ theme }} className="font-medium text-slate-900 underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
