import { Link, useNavigate } from '@tanstack/react-router';
import { PasswordSignInForm } from '../../../../components/password-sign-in-form';
import { staffToken } from '../../../../lib/auth-token';
import { useStaffSignIn } from '../api/staff-auth';
import { useRememberedConsoleBrand } from '../console-brand';

/** The staff console's sign-in (docs/staff-console.md): the office's own door, apart from the customers'. */
export function StaffLoginPage() {
  const signIn = useStaffSignIn();
  const navigate = useNavigate();
  useRememberedConsoleBrand();

  const submit = (credentials: { email: string; password: string }) =>
    void signIn.run(credentials, {
      onSuccess: ({ token }) => {
        staffToken.set(token);
        void navigate({ to: '/staff', replace: true });
      },
    });

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Staff sign-in</h1>
      <p className="mb-6 text-slate-600">Sign in to run your company&apos;s portal.</p>
      <PasswordSignInForm action={signIn} onSubmit={submit} />
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/staff/passwordless" className="font-medium text-slate-900 underline">
          Email me a sign-in link instead
        </Link>
      </p>
      <p className="mt-6 text-center text-sm text-slate-600">New here? Open the invitation link an owner of your company sent you.</p>
    </>
  );
}
