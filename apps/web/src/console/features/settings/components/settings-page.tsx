import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { FormError } from '../../../../components/ui/form-error';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { ApiRequestError } from '../../../../lib/api-client';
import { OWNER_ONLY_MESSAGE } from './settings-layout';

/** A settings page's heading: the page's name and one line on what it is for. */
export function SettingsHeading({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {children ? <p className="text-slate-600">{children}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** The heading's button that opens the page's form (to add a member, a key, an endpoint): gone while the form is open. */
export function OpenFormButton({ open, icon: Icon, onOpen, children }: { open: boolean; icon: LucideIcon; onOpen: () => void; children: ReactNode }) {
  if (open) return null;
  return (
    <Button onClick={onOpen}>
      <Icon aria-hidden="true" className="size-5" />
      {children}
    </Button>
  );
}

/** A settings page's form in a card (add a member, create a key, an endpoint): its title, the API's message, then save and Cancel. */
export function SettingsForm({
  title,
  onSubmit,
  error,
  pending,
  submitLabel,
  pendingLabel,
  onCancel,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  /** The form-level message (formErrors(...).form). */
  error: string | null;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title} className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <FormError message={error} />
      {children}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A read that failed: a 403 says who may, anything else to try again. */
export function SettingsError({ error }: { error: unknown }) {
  const forbidden = error instanceof ApiRequestError && error.status === 403;
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <p className="text-slate-700">{forbidden ? OWNER_ONLY_MESSAGE : 'This could not be loaded. Check your connection and reload the page.'}</p>
    </div>
  );
}

/** A settings page's list as its read stands: loading, failed, empty (`empty` says what to do first), or one item a row. */
export function SettingsList<T>({
  query,
  label,
  empty,
  children,
}: {
  query: UseQueryResult<{ data: T[] }>;
  label: string;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <SettingsError error={query.error} />;
  if (query.data.data.length === 0) return empty;
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {query.data.data.map(children)}
    </ul>
  );
}
