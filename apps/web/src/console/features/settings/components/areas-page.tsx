import type { CompanySwitch, IntegrationCompany } from '@portal/contract';
import { COMPANY_SWITCHES } from '@portal/contract/company-side';
import { useId } from 'react';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formErrors } from '../../../../lib/form-errors';
import { toast } from '../../../../lib/toast';
import { useCompany } from '../api/get-company';
import { useUpdateCompany } from '../api/update-company';
import { SelectionOverageSetting } from './selection-overage-setting';
import { SettingsError, SettingsHeading } from './settings-page';

/** Each switch in the words of an office manager: what the customer gains or loses. */
export const SWITCH_LABELS: Record<CompanySwitch, { label: string; description: string }> = {
  is_portal_project_info_enabled: { label: 'Project details', description: "The project's address, status, dates and rep on its overview." },
  is_portal_project_notes_enabled: {
    label: 'Notes',
    description: 'A conversation with the team on each project; customers are emailed when you share a note.',
  },
  is_portal_album_sharing_enabled: { label: 'Photos', description: 'The photo albums you share, and an email when a new album is shared.' },
  is_portal_file_sharing_enabled: { label: 'Documents', description: 'Contracts, plans and permits you share, and the files customers upload to you.' },
  is_portal_invoicing_enabled: { label: 'Invoices', description: 'Invoices, payments and the balance; customers are emailed when you send an invoice.' },
  is_portal_proposals_enabled: { label: 'Proposals', description: 'Estimates and proposals to read before the work starts.' },
  is_portal_change_orders_enabled: {
    label: 'Change orders',
    description: 'Priced changes to the work for customers to approve with a signature; customers are emailed when you send one.',
  },
  is_portal_selections_enabled: {
    label: 'Selections',
    description: 'Finishes and fixtures for customers to choose, with prices against their allowances; a choice over an allowance makes a change order.',
  },
  is_portal_project_calendar_enabled: { label: 'Calendar', description: "The project's schedule of visits and milestones." },
  is_portal_user_profile_pics_enabled: { label: 'Profile pictures', description: "Your staff's pictures beside their notes." },
};

/** The order an office thinks of them in: the everyday areas first. */
const ORDER: CompanySwitch[] = [
  'is_portal_project_info_enabled',
  'is_portal_project_notes_enabled',
  'is_portal_album_sharing_enabled',
  'is_portal_file_sharing_enabled',
  'is_portal_invoicing_enabled',
  'is_portal_proposals_enabled',
  'is_portal_change_orders_enabled',
  'is_portal_selections_enabled',
  'is_portal_project_calendar_enabled',
  'is_portal_user_profile_pics_enabled',
];
// Every switch has a place: a new one in the contract shows at the end rather than not at all.
const SWITCHES = [...ORDER, ...COMPANY_SWITCHES.filter((name) => !ORDER.includes(name))];

/** The ten switches (docs/staff-console.md): each saved the moment it is flipped, and the portal follows at once. */
export function AreasPage() {
  const company = useCompany();
  if (company.isPending) return <PageSpinner />;
  if (company.isError) return <SettingsError error={company.error} />;
  return (
    <div className="flex flex-col gap-6">
      <SettingsHeading title="Portal areas">What your customers see in the portal. A change is saved at once and shows on their next page.</SettingsHeading>
      <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {SWITCHES.map((name) => (
          <SwitchRow key={name} name={name} company={company.data} />
        ))}
      </ul>
      <SelectionOverageSetting company={company.data} />
    </div>
  );
}

function SwitchRow({ name, company }: { name: CompanySwitch; company: IntegrationCompany }) {
  const id = useId();
  const update = useUpdateCompany();
  const { label, description } = SWITCH_LABELS[name];
  const on = update.isPending && update.variables[name] !== undefined ? Boolean(update.variables[name]) : company[name];
  const error = update.isError ? formErrors(update.error) : null;
  const flip = () =>
    update.mutate(
      { [name]: !on },
      { onSuccess: (saved) => toast.success(`${label} ${saved[name] ? 'on' : 'off'}`, saved[name] ? 'Customers see it now.' : 'Customers no longer see it.') },
    );
  return (
    <li className="flex items-start justify-between gap-4 px-5 py-4">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span id={`${id}-label`} className="font-medium text-slate-900">
          {label}
        </span>
        <span id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </span>
        {error ? (
          <span role="alert" className="text-sm text-red-700">
            {error.fields[name] ?? error.form}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        disabled={update.isPending}
        onClick={flip}
        className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60 ${on ? 'bg-slate-900' : 'bg-slate-300'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </button>
    </li>
  );
}
