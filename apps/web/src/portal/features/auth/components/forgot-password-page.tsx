import { Link, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { useRequestPasswordReset } from '../api/password-reset';
import { formErrors } from '../../../../lib/form-errors';

export function ForgotPasswordPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const theme = typeof search.theme === 'string' ? search.theme : undefined;
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const errors = formErrors(request.error);
  const emailError = errors.fields.email;

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
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <FormError message={errors.form} />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={emailError}
            />
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Sending…' : 'Email me a link'}
            </Button>
          </form>
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
