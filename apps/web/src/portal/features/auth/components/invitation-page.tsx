import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { InvitationAccepted } from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { authToken } from '../../../../lib/auth-token';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useAcceptInvitation } from '../api/invitation';
import { useConfirmPasswordReset } from '../api/password-reset';
import { NewPasswordFields } from '../../../../components/new-password-fields';
import { useLinkToken } from './use-link-token';

/**
 * The page a company's invitation opens (docs/company-api.md, "Customers and sharing"): a button that signs the
 * customer in (mail scanners open links too, and must not spend it), then an offer to choose a password.
 */
export function InvitationPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const theme = typeof search.theme === 'string' ? search.theme : undefined;
  const home = theme ? `/?theme=${encodeURIComponent(theme)}` : '/';
  const token = useLinkToken(search);
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const choose = useConfirmPasswordReset();
  const [accepted, setAccepted] = useState<InvitationAccepted | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [differ, setDiffer] = useState(false);
  const refused = formErrors(accept.error);
  const { form, fields: errors } = formErrors(choose.error);

  const open = () =>
    void accept.run(token!, {
      onSuccess: (result) => {
        authToken.set(result.token);
        if (result.password_token) setAccepted(result);
        else void navigate({ href: home, replace: true });
      },
    });

  const savePassword = (event: FormEvent) => {
    event.preventDefault();
    setDiffer(password !== repeat);
    if (!accepted?.password_token || password !== repeat) return;
    void choose.run(
      { token: accepted.password_token, password },
      {
        onSuccess: (signedIn) => {
          authToken.set(signedIn.token);
          toast.success('Password saved', 'Next time, sign in with your email address and this password.');
          void navigate({ href: home, replace: true });
        },
      },
    );
  };

  if (accepted) {
    const name = accepted.user.first_name;
    return (
      <>
        <h1 className="mb-1 text-2xl font-semibold tracking-tight">{name ? `Welcome, ${name}` : 'Welcome'}</h1>
        <p className="mb-6 text-slate-600">You are signed in. Choose a password for next time, or keep signing in with links we email you.</p>
        <form className="flex flex-col gap-4" onSubmit={savePassword} noValidate>
          <FormError message={form} />
          <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} error={errors.password} differ={differ} />
          <Button type="submit" disabled={choose.isPending}>
            {choose.isPending ? 'Saving…' : 'Save the password'}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to="/" search={theme ? { theme } : {}} className="font-medium text-slate-900 underline">
            Skip: I will sign in with emailed links
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Your project portal</h1>
      {token && !accept.error ? (
        <>
          <p className="mb-6 text-slate-600">You were invited to follow your project here: its progress, notes, photos, invoices and documents.</p>
          <Button type="button" onClick={open} disabled={accept.isPending}>
            {accept.isPending ? 'Opening…' : 'Open my portal'}
          </Button>
        </>
      ) : (
        <>
          <FormError message={refused.fields.token ?? refused.form} />
          <p className="mb-6 text-slate-600">
            {token ? 'Sign in with your email address: we will email you a link and a code.' : 'Open this page with the link in the invitation we emailed you.'}
          </p>
        </>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/auth/passwordless/login" search={{ theme }} className="font-medium text-slate-900 underline">
          Sign in by email instead
        </Link>
      </p>
    </>
  );
}
