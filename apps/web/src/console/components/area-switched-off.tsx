import type { CompanySwitch, IntegrationCompany } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { staffQueryOptions } from '../lib/staff-api';

/**
 * A console page of an area the company has switched off in the portal: the office still works on it (the records
 * show once the area is on again, and nobody is emailed meanwhile), but should know customers see none of it.
 */
export function AreaSwitchedOff({ area, label }: { area: CompanySwitch; label: string }) {
  const company = useQuery(staffQueryOptions<IntegrationCompany>('/integration/company'));
  if (!company.data || company.data[area]) return null;
  return (
    <p role="note" className="flex items-start gap-2 rounded-2xl bg-sky-50 px-4 py-3 text-sm text-sky-950 ring-1 ring-sky-200">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{label} are switched off in the portal: customers see none of this and get no email until an owner switches them on.</span>
    </p>
  );
}
