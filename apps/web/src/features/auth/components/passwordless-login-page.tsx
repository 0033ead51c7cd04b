import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { authToken } from '../../../lib/auth-token';
import { useRequestSignInEmail, useVerifySignIn } from '../api/passwordless';
import { errorMessage } from './error-message';
import { useLinkToken } from './use-link-token';

/** The query the user came with, less the link's own token and email. */
function keptQuery(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (key !== 'token' && key !== 'email' && value !== undefined && value !== null) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function PasswordlessLoginPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const linkToken = useLinkToken(search);
  const theme = typeof search.theme === 'string' ? search.theme : undefined;
  const navigate = useNavigate();
  const request = useRequestSignInEmail();
  const verify = useVerifySignIn();
  const [email, setEmail] = useState(typeof search.email === 'string' ? search.email : '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const signedIn = ({ token }: { token: string }) => {
    authToken.set(token);
    void navigate({ href: `/${keptQuery(search)}`, replace: true });
  };

  const sendEmail = (event: FormEvent) => {
    event.preventDefault();
    void request.run({ email, ...(theme ? { theme } : {}) }, { onSuccess: () => setSentTo(email) });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void verify.run({ email, code: code.replace(/\s+/g, '') }, { onSuccess: signedIn });
  };

  if (linkToken) {
    // Opening the link only shows this button: mail scanners open links too, and must not sign in.
    return (
      <>
        <h1 className="mb-1 text-2xl font-semibold tracking-tight">Sign in by email</h1>
        <p className="mb-6 text-slate-600">Continue to sign in{email ? ` as ${email}` : ''}.</p>
        <div className="flex flex-col gap-4">
          <FormError message={errorMessage(verify.error)} />
          <Button type="button" disabled={verify.isPending} onClick={() => void verify.run({ token: linkToken }, { onSuccess: signedIn })}>
            {verify.isPending ? 'Signing in…' : 'Continue'}
          </Button>
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to="/auth/passwordless/login" search={{ theme }} className="font-medium text-slate-900 underline">
            Send a new link
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Sign in by email</h1>
      {sentTo ? (
        <p className="mb-6 text-slate-600" role="status">
          If {sentTo} has an account, a message with a sign-in link and a 6-digit code is on its way. Open the link, or type
          the code below.
        </p>
      ) : (
        <p className="mb-6 text-slate-600">We will email you a link and a 6-digit code.</p>
      )}

      {sentTo ? null : (
        <form className="flex flex-col gap-4" onSubmit={sendEmail} noValidate>
          <FormError message={errorMessage(request.error)} />
          <TextField label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Email me a link'}
          </Button>
        </form>
      )}

      <form className="mt-6 flex flex-col gap-4 border-t border-slate-200 pt-6" onSubmit={submitCode} noValidate aria-label="Sign in with a code">
        <h2 className="text-base font-semibold">Have a code?</h2>
        <FormError message={errorMessage(verify.error)} />
        {sentTo ? null : (
          <TextField label="Email for the code" name="code-email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        )}
        <TextField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" variant="ghost" disabled={verify.isPending}>
          {verify.isPending ? 'Signing in…' : 'Sign in with the code'}
        </Button>
      </form>

      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/login" search={{ theme }} className="font-medium text-slate-900 underline">
          Sign in with a password instead
        </Link>
      </p>
    </>
  );
}
