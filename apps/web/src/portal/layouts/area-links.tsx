import type { Company } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { enabledAreas } from '../lib/areas';
import { paths } from '../lib/paths';

export interface SiteNavProps {
  entity?: number | undefined;
  company: Company | null;
}

/** The project's areas, keeping the picked project in every link; the current one is marked aria-current="page". */
export function AreaLinks({ entity, company, className, onNavigate }: SiteNavProps & { className: string; onNavigate?: () => void }) {
  const areas = [{ key: 'index', label: 'Project', link: paths.index }, ...enabledAreas(company)];
  return areas.map(({ key, label, link }) => {
    const { to, search } = link({ entity });
    return (
      <Link key={key} to={to} search={search} activeOptions={{ exact: true, includeSearch: false }} className={className} onClick={onNavigate}>
        {label}
      </Link>
    );
  });
}
