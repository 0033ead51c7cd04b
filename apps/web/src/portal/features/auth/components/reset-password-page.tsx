import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { authToken } from '../../../../lib/auth-token';
import { toast } from '../../../../lib/toast';
import { useConfirmPasswordReset } from '../api/password-reset';
import { formErrors } from '../../../../lib/form-errors';
import { NewPasswordFields } from '../../../../components/new-password-fields';
import { useLinkToken } from './use-link-token';

export function ResetPasswordPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const theme = typeof search.theme === 'string' ? search.theme : undefined;
  const token = useLinkToken(search);
  const navigate = useNavigate();
  const reset = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [differ, setDiffer] = useState(false);
  const { form, fields: errors } = formErrors(reset.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDiffer(password !== repeat);
    if (!token || password !== repeat) return;
    void reset.run(
      { token, password },
      {
        onSuccess: (signedIn) => {
          authToken.set(signedIn.token);
          toast.success('Password changed', 'You are signed in here; every other device was signed out.');
          void navigate({ href: theme ? `/?theme=${encodeURIComponent(theme)}` : '/', replace: true });
        },
      },
    );
  };

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Choose a new password</h1>
      {token ? (
        <>
          <p className="mb-6 text-slate-600">Choosing a new password signs you out on every device.</p>
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <FormError message={form} />
            <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} error={errors.password} differ={differ} />
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? 'Saving…' : 'Save the new password'}
            </Button>
          </form>
        </>
      ) : (
        <p className="mb-6 text-slate-600">Open this page with the link in the email we sent you.</p>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/forgot-password" search={{ theme }} className="font-medium text-slate-900 underline">
          Ask for a new link
        </Link>
      </p>
    </>
  );
}
