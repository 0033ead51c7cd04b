import type { Company } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { UserMenu } from '../../features/auth/components/user-menu';
import { enabledAreas } from '../../lib/areas';
import { paths } from '../../lib/paths';
import type { PortalBrand } from '../../lib/portal';

/** The portal's header: its name and the areas, keeping the picked project in every link. */
export function SiteHeader({ entity, brand, company }: { entity?: number | undefined; brand: PortalBrand; company: Company | null }) {
  const areas = [{ key: 'index', label: 'Project', link: paths.index }, ...enabledAreas(company)];
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-8 gap-y-2 px-4 py-3">
        <Link to="/" search={{ entity }} className="flex items-center gap-3 text-lg font-semibold text-slate-900">
          {brand.logoUrl ? <img src={brand.logoUrl} alt="" width={32} height={32} className="size-8 rounded-lg" /> : null}
          <span>{brand.name ?? 'Project portal'}</span>
        </Link>
        <nav aria-label="Portal areas" className="-mx-2 flex flex-wrap gap-1">
          {areas.map(({ key, label, link }) => {
            const { to, search } = link({ entity });
            return (
              <Link
                key={key}
                to={to}
                search={search}
                activeOptions={{ exact: true, includeSearch: false }}
                className="rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white"
              >
                {label}
              </Link>
            );
          })}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <UserMenu entity={entity} />
        </div>
      </div>
    </header>
  );
}
