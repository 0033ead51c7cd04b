import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';
import { staffProjectQueryOptions } from './staff-project-layout';

/** A project's figures and address as the company keeps them; below them, what the app puts there (its actions). */
export function StaffProjectOverview({ projectId, children }: { projectId: number; children?: ReactNode }) {
  const { data: project } = useQuery(staffProjectQueryOptions(projectId));
  if (!project) return null;
  const address = [project.address_street, [project.address_city, project.address_state].filter(Boolean).join(', '), project.address_zip].filter(Boolean).join(' · ');
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="project-details" className="max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="project-details" className="mb-4 text-lg font-semibold text-slate-900">
          Details
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-700">
          <dt className="font-medium text-slate-900">Number</dt>
          <dd>{project.number ?? '—'}</dd>
          <dt className="font-medium text-slate-900">Address</dt>
          <dd>{address || '—'}</dd>
          <dt className="font-medium text-slate-900">Total</dt>
          <dd>{formatMoney(project.financials_total_amount)}</dd>
          <dt className="font-medium text-slate-900">Balance</dt>
          <dd>{formatMoney(project.financials_balance_amount)}</dd>
        </dl>
      </section>
      {children}
    </div>
  );
}
