import { Link } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { isOwner, useStaffMember } from '../../../components/staff-member';

export interface SettingsSection {
  to: string;
  label: string;
}

/** The settings' pages, in the order of their menu. */
export const SETTINGS_SECTIONS: SettingsSection[] = [
  { to: '/staff/settings', label: 'Branding' },
  { to: '/staff/settings/areas', label: 'Portal areas' },
  { to: '/staff/settings/staff', label: 'Staff' },
  { to: '/staff/settings/api-keys', label: 'API keys' },
  { to: '/staff/settings/webhooks', label: 'Webhooks' },
];

export const OWNER_ONLY_MESSAGE = 'Only an owner of the company may do this.';

/** What a member of staff who is not an owner finds at a settings address: the API would refuse them every call anyway. */
export function OwnerOnlyPage() {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <ShieldAlert aria-hidden="true" className="size-8 text-slate-500" />
      <h1 className="text-2xl font-semibold text-slate-900">{OWNER_ONLY_MESSAGE}</h1>
      <p className="text-slate-700">The company's settings, staff, API keys and webhooks are managed by its owners. Ask one of them for the change you need.</p>
      <Link to="/staff" className="font-medium text-slate-900 underline underline-offset-2">
        Back to the console
      </Link>
    </div>
  );
}

/** The settings' frame for owners: a heading and the menu of its pages (a side menu on wide screens, tabs on a phone). */
export function SettingsLayout({ children }: { children: ReactNode }) {
  const member = useStaffMember();
  if (!isOwner(member)) return <OwnerOnlyPage />;
  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <nav aria-label="Settings" className="lg:w-52 lg:shrink-0">
        <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase lg:block">Settings</p>
        <ul className="flex flex-wrap gap-x-1 border-b border-slate-200 lg:flex-col lg:border-0">
          {SETTINGS_SECTIONS.map((section) => (
            <li key={section.to} className="shrink-0">
              <Link
                to={section.to}
                activeOptions={{ exact: true }}
                className="inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 data-[status=active]:border-portal data-[status=active]:text-slate-900 lg:block lg:rounded-lg lg:border-b-0 lg:data-[status=active]:bg-white lg:data-[status=active]:shadow-sm lg:data-[status=active]:ring-1 lg:data-[status=active]:ring-slate-200"
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
