import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { authToken } from '../../../lib/auth-token';
import { useLogin } from '../api/login';

export function LoginPage() {
  const login = useLogin();
  const navigate = useNavigate();
  const { searchStr } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const error = login.error;
  const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors() : {};
  const formError = error
    ? error instanceof ApiRequestError
      ? error.message
      : 'The portal could not be reached. Check your connection and try again.'
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void login.run(
      { email, password },
      {
        onSuccess: ({ token }) => {
          authToken.set(token);
          // docs/product.md 3.2: the user lands on / with the query they came with.
          void navigate({ href: `/${searchStr}`, replace: true });
        },
      },
    );
  };

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="mb-6 text-slate-600">Sign in to follow your project.</p>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormError message={formError} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email && fieldErrors.email[0] !== formError ? fieldErrors.email[0] : undefined}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password?.[0]}
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
