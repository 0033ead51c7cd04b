import type { IntegrationCompany } from '@portal/contract';
import { formatZonedMoment } from '@portal/contract/calendar-constants';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { StatusBadge } from '../../../../components/status-badge';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { FormError } from '../../../../components/ui/form-error';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { TextField } from '../../../../components/ui/text-field';
import { formErrors } from '../../../../lib/form-errors';
import { formatDay } from '../../../../lib/format';
import { staffQueryOptions } from '../../../lib/staff-api';
import { useInviteCustomer, useRemoveAccess, useResendInvitation } from '../api/customer-actions';
import { useProjectCustomers, type ProjectCustomer } from '../api/get-customers';

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';

const fullName = ({ share }: ProjectCustomer) =>
  [share.portal_user.first_name, share.portal_user.last_name].filter(Boolean).join(' ') || share.portal_user.email;

/** Where someone stands: signed in (and when last), invited and not yet signed in, or not invited. */
export function accessState(customer: ProjectCustomer): { label: string; detail: string | null; tone: 'green' | 'amber' | 'slate' } {
  const signedIn = customer.share.last_sign_in_at ?? customer.person?.last_sign_in_at ?? null;
  if (signedIn) return { label: 'Signed in', detail: `Last sign-in ${formatDay(signedIn)}`, tone: 'green' };
  if (customer.person?.invited_at) return { label: 'Invited', detail: `Invited ${formatDay(customer.person.invited_at)}, not signed in yet`, tone: 'amber' };
  return { label: 'Not invited', detail: null, tone: 'slate' };
}

/**
 * "Expires Dec 5, 2026, 3:00 PM EST": an invitation's expiry on the company's clock, as the `company` command says it;
 * the reader's own zone, named, until the company is read.
 */
function useExpiry() {
  const company = useQuery(staffQueryOptions<IntegrationCompany>('/integration/company'));
  const zone = company.data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (expiresAt: string) => `Expires ${formatZonedMoment(expiresAt, zone)}.`;
}

const TONES = { green: 'success', amber: 'warning', slate: 'neutral' } as const;

/** A project's customers in the console: who has access and how far they got, invite someone, resend, remove access. */
export function StaffProjectCustomers({ projectId }: { projectId: number }) {
  const { customers, isPending, isError } = useProjectCustomers(projectId);
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <section aria-labelledby="customers-heading" className="flex min-w-0 flex-col gap-4">
        <h2 id="customers-heading" className="text-lg font-semibold text-slate-900">
          Who has access
        </h2>
        {isPending ? (
          <PageSpinner label="Loading the customers…" />
        ) : isError || !customers ? (
          <p role="alert" className="text-red-800">
            The customers could not be loaded. Try again in a moment.
          </p>
        ) : customers.length === 0 ? (
          <EmptyState icon={Users} title="Nobody has access yet">
            Invite the customer: they get an email with a link that signs them in to this project.
          </EmptyState>
        ) : (
          <ul aria-label="Customers with access" className="flex flex-col gap-3">
            {customers.map((customer) => (
              <CustomerRow key={customer.share.portal_user.id} projectId={projectId} customer={customer} />
            ))}
          </ul>
        )}
      </section>
      <InviteForm projectId={projectId} />
    </div>
  );
}

function CustomerRow({ projectId, customer }: { projectId: number; customer: ProjectCustomer }) {
  const resend = useResendInvitation(projectId);
  const remove = useRemoveAccess(projectId);
  const [sent, setSent] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const expiry = useExpiry();
  const state = accessState(customer);
  const name = fullName(customer);
  const { form } = formErrors(resend.error ?? remove.error);
  return (
    <li className={`${card} flex flex-col gap-3`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere text-slate-900">{name}</p>
          <p className="text-sm break-all text-slate-600">{customer.share.portal_user.email}</p>
        </div>
        <StatusBadge tone={TONES[state.tone]} label={state.label} />
      </div>
      {state.detail ? <p className="text-sm text-slate-700">{state.detail}</p> : null}
      <FormError message={form} />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          className="px-4 py-1.5 text-sm"
          disabled={resend.isPending}
          aria-label={`${customer.person?.invited_at ? 'Resend the invitation to' : 'Send an invitation to'} ${name}`}
          onClick={() => resend.mutate(customer.share.portal_user.id, { onSuccess: (invitation) => setSent(expiry(invitation.expires_at)) })}
        >
          {resend.isPending ? 'Sending…' : customer.person?.invited_at ? 'Resend invitation' : 'Send invitation'}
        </Button>
        <ConfirmDialog
          open={removing}
          onOpenChange={setRemoving}
          trigger={
            <Button variant="ghost" className="px-4 py-1.5 text-sm text-red-800" aria-label={`Remove ${name}’s access`}>
              Remove access
            </Button>
          }
          title={`Remove ${name}’s access?`}
          danger
          cancelLabel="Keep access"
          confirmLabel="Remove access"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(customer.share.portal_user.id, { onSettled: () => setRemoving(false) })}
        >
          They will no longer see this project in the portal. Their other projects stay, and you can invite them again later.
        </ConfirmDialog>
        <p role="status" className="text-sm text-green-800">
          {sent && !resend.isPending ? `Invitation sent. ${sent}` : ''}
        </p>
      </div>
    </li>
  );
}

const EMPTY = { first_name: '', last_name: '', email: '' };

function InviteForm({ projectId }: { projectId: number }) {
  const invite = useInviteCustomer(projectId);
  const [values, setValues] = useState(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const expiry = useExpiry();
  const { form, fields } = formErrors(invite.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const text = (value: string) => (value.trim() === '' ? null : value.trim());
    invite.mutate(
      { email: values.email.trim(), first_name: text(values.first_name), last_name: text(values.last_name) },
      {
        onSuccess: ({ person, expiresAt }) => {
          setValues(EMPTY);
          setDone(`Invitation sent to ${person.email}. ${expiry(expiresAt)}`);
        },
      },
    );
  };
  const field = (name: keyof typeof EMPTY, label: string, props: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={fields[name]}
      autoComplete="off"
      {...props}
    />
  );
  return (
    <section aria-labelledby="invite-heading" className={`${card} flex flex-col gap-4 self-start`}>
      <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
        Invite a customer
      </h2>
      <p className="text-sm text-slate-600">
        They get an email in your company’s name with a link that signs them in; someone who already uses the portal keeps their login.
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={form} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          {field('first_name', 'First name')}
          {field('last_name', 'Last name')}
        </div>
        {field('email', 'Email', { type: 'email' })}
        <Button type="submit" className="self-start" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting…' : 'Invite'}
        </Button>
        <p role="status" className="text-sm font-medium text-green-800">
          {done ?? ''}
        </p>
      </form>
    </section>
  );
}
