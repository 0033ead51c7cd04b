import type { Company, Project } from '@portal/contract';
import { ExternalLink, MapPin, UserRound } from 'lucide-react';
import { addressLines, formatMoney, mapsLink, telHref } from '../../../lib/format';

function Money({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{formatMoney(value)}</dd>
    </div>
  );
}

/** The project at a glance: number, name, status, address with a map link, rep and money. */
export function ProjectOverview({ project, company }: { project: Project; company: Company }) {
  const [street, city] = addressLines(project);
  const map = mapsLink(project);
  return (
    <section aria-label="Project details" className="flex flex-col gap-6">
      <div className="flex flex-col gap-6 rounded-2xl bg-white p-6 ring-1 ring-slate-200 md:flex-row">
        {project.cover_photo ? (
          <img
            src={project.cover_photo.url}
            alt={project.cover_photo.caption ?? ''}
            width={project.cover_photo.width ?? 320}
            height={project.cover_photo.height ?? 200}
            className="aspect-[16/10] w-full rounded-xl object-cover md:w-80"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            {project.number ? <span className="text-sm font-medium text-slate-600">No. {project.number}</span> : null}
            {project.status ? (
              <span className="inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">
                <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: project.status.color ?? '#64748b' }} />
                {project.status.name}
              </span>
            ) : null}
          </div>
          <div className="flex items-start gap-2 text-slate-700">
            <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-500" />
            <address className="not-italic">
              {street}
              <br />
              {city}
              {map ? (
                <>
                  <br />
                  <a href={map} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 underline">
                    Open in maps
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </>
              ) : null}
            </address>
          </div>
          {project.rep_primary_name ? (
            <div className="flex items-center gap-2 text-slate-700">
              <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span>
                Your representative: <span className="font-medium text-slate-900">{project.rep_primary_name}</span>
                {company.phone_default ? (
                  <>
                    {' · '}
                    <a href={telHref(company.phone_default)} className="text-blue-700 underline">
                      {company.phone_default}
                    </a>
                  </>
                ) : null}
              </span>
            </div>
          ) : null}
        </div>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Money label="Total" value={project.financials_total_amount} />
        <Money label="Balance" value={project.financials_balance_amount} />
      </dl>
    </section>
  );
}
