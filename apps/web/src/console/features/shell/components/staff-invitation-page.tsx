import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { CompanyTheme } from '@portal/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { NewPasswordFields } from '../../../../components/new-password-fields';
import { useSignInBrand } from '../../../../components/sign-in-brand';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { staffToken } from '../../../../lib/auth-token';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { getStaffInvitationBrand, useAcceptStaffInvitation } from '../api/staff-auth';

/** The brand of the invitation's company, once the server has found the link still good; null until then, and for a bad link. */
function useInvitationBrand(token: string | null) {
  const [found, setFound] = useState<{ token: string; brand: CompanyTheme } | null>(null);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    // A link that no longer works shows the page unbranded; accepting it then says why.
    getStaffInvitationBrand(token, controller.signal).then(
      (brand) => setFound({ token, brand }),
      () => undefined,
    );
    return () => controller.abort();
  }, [token]);
  return found && found.token === token ? found.brand : null;
}

/**
 * Where a staff invitation leads (docs/staff-console.md): choose a password, and with it the link is used up and the
 * member is signed in. Nothing happens on opening the page, so a mail scanner that follows the link spends nothing; the
 * page only asks whose company the link is for, to show its name, logo and colour.
 */
export function StaffInvitationPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const token = typeof search.token === 'string' && search.token ? search.token : null;
  const navigate = useNavigate();
  useSignInBrand(useInvitationBrand(token));
  const accept = useAcceptStaffInvitation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [differ, setDiffer] = useState(false);
  const { form, fields } = formErrors(accept.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDiffer(password !== repeat);
    if (!token || password !== repeat) return;
    void accept.run(
      { token, password },
      {
        onSuccess: ({ token: session, staff }) => {
          staffToken.set(session);
          toast.success(`Welcome, ${staff.name}`, 'Next time, sign in with your email address and this password.');
          void navigate({ to: '/staff', replace: true });
        },
      },
    );
  };

  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Join your company&apos;s portal</h1>
      {token ? (
        <>
          <p className="mb-6 text-slate-600">Choose the password you will sign in to the staff console with.</p>
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <FormError message={fields.token ?? form} />
            <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} error={fields.password} differ={differ} />
            <Button type="submit" disabled={accept.isPending}>
              {accept.isPending ? 'Saving…' : 'Save the password and sign in'}
            </Button>
          </form>
        </>
      ) : (
        <p className="mb-6 text-slate-600">Open this page with the invitation link you were sent.</p>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/staff/login" className="font-medium text-slate-900 underline">
          I have a password: sign in
        </Link>
      </p>
    </>
  );
}
