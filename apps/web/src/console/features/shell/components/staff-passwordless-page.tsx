import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { EmailField, SubmitForm } from '../../../../components/submit-form';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { staffToken } from '../../../../lib/auth-token';
import { formErrors } from '../../../../lib/form-errors';
import { useRequestStaffSignInEmail, useVerifyStaffSignIn } from '../api/staff-auth';
import { useRememberedConsoleBrand } from '../console-brand';

/**
 * The console's passwordless sign-in (docs/staff-console.md), as the portal's: ask for a link by email, and where the
 * link leads, sign in with one press of Continue. Opening the link spends nothing, so a mail scanner does no harm.
 */
export function StaffPasswordlessPage() {
  useRememberedConsoleBrand();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  // Read once and taken out of the address bar: neither kept in the history nor shown over a shoulder.
  const [token, setToken] = useState(() => (typeof search.token === 'string' && search.token ? search.token : null));
  useEffect(() => {
    if (token) window.history.replaceState(window.history.state, '', '/staff/passwordless');
  }, [token]);

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">{token ? 'Sign in to the staff console' : 'Email me a sign-in link'}</h1>
      {token ? <ContinueWithLink token={token} onAskAgain={() => setToken(null)} /> : <AskForLink />}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/staff/login" className="font-medium text-slate-900 underline">
          Sign in with a password instead
        </Link>
      </p>
    </>
  );
}

function AskForLink() {
  const request = useRequestStaffSignInEmail();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void request.run({ email }, { onSuccess: ({ message }) => setSent(message) });
  };
  return (
    <>
      <p className="mb-6 text-slate-600">We will email you a link that signs you in to your company&apos;s console.</p>
      <SubmitForm
        onSubmit={submit}
        error={request.error}
        pending={request.isPending}
        label="Email me a sign-in link"
        pendingLabel="Sending…"
        after={
          <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
            {sent ?? ''}
          </p>
        }
      >
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={formErrors(request.error).fields.email} />
      </SubmitForm>
    </>
  );
}

function ContinueWithLink({ token, onAskAgain }: { token: string; onAskAgain: () => void }) {
  const verify = useVerifyStaffSignIn();
  const navigate = useNavigate();
  const { form, fields } = formErrors(verify.error);
  const problem = fields.token ?? form;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify.run(
      { token },
      {
        onSuccess: ({ token: session }) => {
          staffToken.set(session);
          void navigate({ to: '/staff', replace: true });
        },
      },
    );
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className="mb-2 text-slate-600">Press Continue to sign in with the link you were emailed.</p>
      <FormError message={problem} />
      {problem ? (
        <Button variant="ghost" onClick={onAskAgain}>
          Email me a new link
        </Button>
      ) : (
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? 'Signing in…' : 'Continue'}
        </Button>
      )}
    </form>
  );
}
