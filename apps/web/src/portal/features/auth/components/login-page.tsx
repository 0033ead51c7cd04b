import { PasswordSignInForm } from '../../../../components/password-sign-in-form';
import { SignInLink, useSignInNavigation } from '../../../../components/sign-in-navigation';
import { authToken } from '../../../../lib/auth-token';
import { useLogin } from '../api/login';

export function LoginPage() {
  const login = useLogin();
  const { search, searchStr, go } = useSignInNavigation();

  const submit = (credentials: { email: string; password: string }) =>
    void login.run(credentials, {
      onSuccess: ({ token }) => {
        authToken.set(token);
        // docs/requirements.md 3.2: the user lands on / with the query they came with.
        go(`/${searchStr}`, { replace: true });
      },
    });

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="mb-6 text-slate-600">Sign in to follow your project.</p>
      <PasswordSignInForm action={login} onSubmit={submit}>
        <SignInLink to="/forgot-password" search={search} className="-mt-2 self-end text-sm font-medium text-slate-900 underline">
          Forgot your password?
        </SignInLink>
      </PasswordSignInForm>
      <p className="mt-6 text-center text-sm text-slate-600">
        <SignInLink to="/auth/passwordless/login" search={search} className="font-medium text-slate-900 underline">
          Email me a sign-in link instead
        </SignInLink>
      </p>
    </>
  );
}
