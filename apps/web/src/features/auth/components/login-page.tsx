import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { authToken } from '../../../lib/auth-token';
import { formErrors } from '../../../lib/form-errors';
import { useLogin } from '../api/login';

export function LoginPage() {
  const login = useLogin();
  const navigate = useNavigate();
  const { searchStr } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const errors = formErrors(login.error);
  const form = useRef<HTMLFormElement>(null);
  // A message beside a field is not announced by itself: focus takes the user (and a screen reader) to it.
  useEffect(() => {
    if (!errors.form) form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [login.error, errors.form]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void login.run(
      { email, password },
      {
        onSuccess: ({ token }) => {
          authToken.set(token);
          // docs/requirements.md 3.2: the user lands on / with the query they came with.
          void navigate({ href: `/${searchStr}`, replace: true });
        },
      },
    );
  };

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="mb-6 text-slate-600">Sign in to follow your project.</p>
      <form ref={form} className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormError message={errors.form} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.fields.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.fields.password}
        />
        <Link to="/forgot-password" search={(previous) => previous} className="-mt-2 self-end text-sm font-medium text-slate-900 underline">
          Forgot your password?
        </Link>
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/auth/passwordless/login" search={(previous) => previous} className="font-medium text-slate-900 underline">
          Email me a sign-in link instead
        </Link>
      </p>
    </>
  );
}
