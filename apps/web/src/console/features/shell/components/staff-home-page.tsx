import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { staffToken } from '../../../../lib/auth-token';
import { formErrors } from '../../../../lib/form-errors';
import { useStaffSignOutEverywhere } from '../api/staff-auth';
import { useStaffMember } from '../../../components/staff-member';

const ROLE = { owner: 'Owner', staff: 'Staff' } as const;

/**
 * The console's first page: what the app puts first (`children`: the work), then who is signed in, for which
 * company and with what role, and their sessions.
 */
export function StaffHomePage({ children }: { children?: ReactNode }) {
  const member = useStaffMember();
  const everywhere = useStaffSignOutEverywhere();
  const navigate = useNavigate();
  const { form } = formErrors(everywhere.error);

  const signOutEverywhere = () =>
    void everywhere.run(undefined, {
      onSuccess: () => {
        staffToken.remove();
        void navigate({ to: '/staff/login', replace: true });
      },
    });

  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">{member.company.name}</h1>
      {children}
      <section aria-labelledby="you" className="max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="you" className="mb-4 text-lg font-semibold text-slate-900">
          You
        </h2>
        <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-700">
          <dt className="font-medium text-slate-900">Name</dt>
          <dd>{member.name}</dd>
          <dt className="font-medium text-slate-900">Email</dt>
          <dd className="break-all">{member.email}</dd>
          <dt className="font-medium text-slate-900">Role</dt>
          <dd>{ROLE[member.role]}</dd>
        </dl>
        <FormError message={form} />
        <p className="mb-3 text-sm text-slate-600">Lost a phone or signed in on a shared computer? End every console session, this one included.</p>
        <Button variant="ghost" onClick={signOutEverywhere} disabled={everywhere.isPending}>
          {everywhere.isPending ? 'Signing out…' : 'Sign out everywhere'}
        </Button>
      </section>
    </>
  );
}
