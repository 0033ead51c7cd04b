import { useRef, useState, type FormEvent } from 'react';
import { SignInLink, useSignInNavigation } from '../../../../components/sign-in-navigation';
import { EmailField, SubmitForm } from '../../../../components/submit-form';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { TextField } from '../../../../components/ui/text-field';
import { authToken } from '../../../../lib/auth-token';
import { formErrors } from '../../../../lib/form-errors';
import { useRequestSignInEmail, useVerifySignIn } from '../api/passwordless';
import { useLinkToken } from './use-link-token';

const EMAIL_FIRST = 'Type your email address first.';

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
  const { search, go } = useSignInNavigation();
  const linkToken = useLinkToken(search);
  const theme = typeof search.theme === 'string' ? search.theme : undefined;
  const request = useRequestSignInEmail();
  const verify = useVerifySignIn();
  const [email, setEmail] = useState(typeof search.email === 'string' ? search.email : '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The email is asked for once: the code step uses the address typed on the first.
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [emailMissing, setEmailMissing] = useState(false);
  const emailForm = useRef<HTMLFormElement>(null);

  const signedIn = ({ token }: { token: string }) => {
    authToken.set(token);
    go(`/${keptQuery(search)}`, { replace: true });
  };

  const sendEmail = (event: FormEvent) => {
    event.preventDefault();
    void request.run(
      { email, ...(theme ? { theme } : {}) },
      {
        onSuccess: () => {
          setSentTo(email.trim());
          setStep('code');
        },
      },
    );
  };
  const haveCode = () => {
    if (email.trim()) {
      setStep('code');
      return;
    }
    setEmailMissing(true);
    emailForm.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
  };
  const useAnotherEmail = () => {
    setSentTo(null);
    setCode('');
    verify.reset();
    request.reset();
    setStep('email');
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
          <FormError message={formErrors(verify.error).form} />
          <Button type="button" disabled={verify.isPending} onClick={() => void verify.run({ token: linkToken }, { onSuccess: signedIn })}>
            {verify.isPending ? 'Signing in…' : 'Continue'}
          </Button>
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          <SignInLink to="/auth/passwordless/login" search={{ theme }} className="font-medium text-slate-900 underline">
            Send a new link
          </SignInLink>
        </p>
      </>
    );
  }

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Sign in by email</h1>
      {step === 'email' ? (
        <>
          <p className="mb-6 text-slate-600">We will email you a link and a 6-digit code.</p>
          <SubmitForm
            formRef={emailForm}
            onSubmit={sendEmail}
            error={request.error}
            pending={request.isPending}
            label="Email me a link"
            pendingLabel="Sending…"
            after={
              <Button type="button" variant="ghost" onClick={haveCode}>
                I already have a code
              </Button>
            }
          >
            <EmailField
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailMissing(false);
              }}
              error={emailMissing ? EMAIL_FIRST : formErrors(request.error).fields.email}
            />
          </SubmitForm>
        </>
      ) : (
        <>
          {sentTo ? (
            <p className="mb-6 text-slate-600" role="status">
              If {sentTo} has an account, a message with a sign-in link and a 6-digit code is on its way. Open the link, or type the code below.
            </p>
          ) : (
            <p className="mb-6 text-slate-600">Type the 6-digit code from the latest email we sent to {email.trim()}.</p>
          )}
          <SubmitForm
            onSubmit={submitCode}
            error={verify.error}
            pending={verify.isPending}
            label="Sign in with the code"
            pendingLabel="Signing in…"
            aria-label="Sign in with a code"
            after={
              <Button type="button" variant="ghost" onClick={useAnotherEmail}>
                Use another email
              </Button>
            }
          >
            <TextField
              label="6-digit code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={7}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={formErrors(verify.error).fields.code}
            />
          </SubmitForm>
        </>
      )}

      <p className="mt-6 text-center text-sm text-slate-600">
        <SignInLink to="/login" search={{ theme }} className="font-medium text-slate-900 underline">
          Sign in with a password instead
        </SignInLink>
      </p>
    </>
  );
}
