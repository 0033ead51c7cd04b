import type { Company, PortalEntity, Project } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { Building2, FileText, Images, MapPin, MessagesSquare, Receipt, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { addressLines, entityLabel, formatDay, formatMoney } from '../../../../lib/format';
import { responsiveImage } from '../../../../lib/image-url';
import { paths } from '../../../lib/paths';
import { StatusBadge } from '../../../../components/status-badge';

const ACTIVITY_ICONS: Record<NonNullable<Project['latest_activity']>['area'], LucideIcon> = {
  notes: MessagesSquare,
  photos: Images,
  invoices: Receipt,
  documents: FileText,
};

interface CompanyGroup {
  companyId: number;
  company: Company | null;
  entities: PortalEntity[];
}

/** The user's projects by company, each company where its first project is in the list (the list is in id order). */
export function groupByCompany(entities: readonly PortalEntity[]): CompanyGroup[] {
  const groups = new Map<number, CompanyGroup>();
  for (const entity of entities) {
    let group = groups.get(entity.company_id);
    if (!group) groups.set(entity.company_id, (group = { companyId: entity.company_id, company: entity.company ?? null, entities: [] }));
    group.company ??= entity.company ?? null;
    group.entities.push(entity);
  }
  return [...groups.values()];
}

/** With no project picked: every shared project as a card, under the company that shares it. */
export function ProjectCards({ entities }: { entities: PortalEntity[] }) {
  return (
    <div className="flex flex-col gap-10">
      {groupByCompany(entities).map((group) => (
        <CompanySection key={group.companyId} group={group} />
      ))}
    </div>
  );
}

function CompanySection({ group }: { group: CompanyGroup }) {
  const headingId = useId();
  const name = group.company?.name ?? 'Your contractor';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="flex items-center gap-3 text-lg font-semibold text-slate-900">
        {group.company?.logo_url ? (
          <img src={group.company.logo_url} alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg bg-white ring-1 ring-slate-200" />
        ) : (
          <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-200">
            <Building2 className="size-5 text-slate-600" />
          </span>
        )}
        {name}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {group.entities.map((entity) => (
          <li key={entity.id}>
            <ProjectCard entity={entity} company={group.company} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProjectCard({ entity, company }: { entity: PortalEntity; company: Company | null }) {
  const project = entity.model ?? null;
  // The project's details are part of the project info area: a company that switched it off shows only where the project is.
  const info = project && company?.is_portal_project_info_enabled ? project : null;
  const [street, city] = project ? addressLines(project) : ['', ''];
  const title = project?.name?.trim() || project?.address_street?.trim() || entityLabel(entity);
  const cover = info?.cover_photo;
  const activity = info?.latest_activity;
  const ActivityIcon = activity ? ACTIVITY_ICONS[activity.area] : null;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-slate-200 transition focus-within:ring-2 focus-within:ring-blue-700 hover:shadow-md hover:ring-slate-300">
      {cover ? (
        <img
          {...responsiveImage(cover.url, 'project-cover')}
          alt=""
          loading="lazy"
          decoding="async"
          className="aspect-video h-auto w-full bg-slate-100 object-cover"
        />
      ) : (
        <div aria-hidden="true" className="flex aspect-video w-full items-center justify-center bg-slate-100">
          <Building2 className="size-10 text-slate-400" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-col gap-1">
          <h3 className="text-lg leading-snug font-semibold text-slate-900">
            {/* The whole card is the link's target (the ::after box), its name only the project's. */}
            <Link {...paths.index({ entity: entity.id })} className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline">
              {title}
            </Link>
          </h3>
          {project?.number ? <p className="text-sm text-slate-600">No. {project.number}</p> : null}
        </div>
        {info?.status ? <StatusBadge size="large" className="w-fit" label={info.status.name} dot={info.status.color ?? '#64748b'} /> : null}
        {street || city ? (
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span>
              {street}
              {street && city ? <br /> : null}
              {city}
            </span>
          </p>
        ) : null}
        {info ? (
          <dl className="mt-auto grid gap-2 border-t border-slate-200 pt-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-slate-600">Balance</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{formatMoney(info.financials_balance_amount)}</dd>
            </div>
            <div className="flex flex-col gap-0.5">
              <dt className="text-slate-600">Latest activity</dt>
              <dd className="flex items-start gap-2 text-slate-800">
                {activity && ActivityIcon ? (
                  <>
                    <ActivityIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                    <span className="min-w-0">
                      <span className="wrap-anywhere">{activity.title}</span>
                      <span className="text-slate-600"> · {formatDay(activity.at)}</span>
                    </span>
                  </>
                ) : (
                  'Nothing yet'
                )}
              </dd>
            </div>
          </dl>
        ) : null}
      </div>
    </article>
  );
}
