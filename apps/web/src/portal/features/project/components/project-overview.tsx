import type { Project } from '@portal/contract';
import { ExternalLink, MapPin, UserRound } from 'lucide-react';
import { addressLines, formatMoney, mapsLink, telHref } from '../../../../lib/format';
import { responsiveImage } from '../../../../lib/image-url';
import { MoneyTrail, projectMoney } from '../../../../components/money-trail';
import { StatusBadge } from '../../../../components/status-badge';

function Money({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{formatMoney(value)}</dd>
    </div>
  );
}

/**
 * The project at a glance: number, name, status, address with a map link (none without an address), rep and money.
 * The money trail (contract, approved changes, revised contract) shows where the company shares change orders, or
 * where approved ones changed the contract.
 */
export function ProjectOverview({ project, changeOrdersShared = false }: { project: Project; changeOrdersShared?: boolean }) {
  const [street, city] = addressLines(project);
  const money = projectMoney(project);
  const showTrail = money !== null && (changeOrdersShared || Number(money.approved_changes) !== 0);
  const description = project.address_description?.trim();
  const map = mapsLink(project);
  return (
    <section aria-label="Project details" className="flex flex-col gap-6">
      <div className="flex flex-col gap-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200 md:flex-row">
        {project.cover_photo ? (
          <img
            {...responsiveImage(project.cover_photo.url, 'project-overview-cover')}
            alt={project.cover_photo.caption ?? ''}
            className="aspect-[16/10] w-full rounded-xl object-cover md:w-80"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            {project.number ? <span className="text-sm font-medium text-slate-600">No. {project.number}</span> : null}
            {project.status ? <StatusBadge size="large" className="w-fit" label={project.status.name} dot={project.status.color ?? '#64748b'} /> : null}
          </div>
          {street || city || description || map ? (
            <div className="flex items-start gap-2 text-slate-700">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-500" />
              <address className="flex min-w-0 flex-col items-start not-italic wrap-anywhere">
                {street ? <span>{street}</span> : null}
                {city ? <span>{city}</span> : null}
                {description ? <span className="text-sm text-slate-600">{description}</span> : null}
                {map ? (
                  <a href={map} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 underline">
                    Open in maps
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : null}
              </address>
            </div>
          ) : null}
          {project.rep_primary_name ? (
            <div className="flex items-center gap-2 text-slate-700">
              <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span>
                Your representative: <span className="font-medium text-slate-900">{project.rep_primary_name}</span>
                {/* The rep's direct line, as the contact page gives it; the company's number is on the contact page. */}
                {project.rep_primary_phone ? (
                  <>
                    {' · '}
                    <a
                      href={telHref(project.rep_primary_phone)}
                      aria-label={`Call ${project.rep_primary_name}, ${project.rep_primary_phone}`}
                      className="text-blue-700 underline"
                    >
                      {project.rep_primary_phone}
                    </a>
                  </>
                ) : null}
              </span>
            </div>
          ) : null}
        </div>
      </div>
      {showTrail ? <MoneyTrail money={money} /> : null}
      <dl className="grid gap-4 sm:grid-cols-2">
        <Money label="Total" value={project.financials_total_amount} />
        <Money label="Balance" value={project.financials_balance_amount} />
      </dl>
    </section>
  );
}
