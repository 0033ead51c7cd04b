import type { ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
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

/** A read that failed: a 403 says who may, anything else to try again. */
export function SettingsError({ error }: { error: unknown }) {
  const forbidden = error instanceof ApiRequestError && error.status === 403;
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <p className="text-slate-700">{forbidden ? OWNER_ONLY_MESSAGE : 'This could not be loaded. Check your connection and reload the page.'}</p>
    </div>
  );
}
