import type { Company } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { DeferredPopup, popupLoader } from '../../components/deferred-popup';
import { enabledAreas } from '../../lib/areas';
import { paths } from '../../lib/paths';

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

/** The header's areas on a screen from Tailwind's `sm` up. */
export function SiteNav(props: SiteNavProps) {
  return (
    <nav aria-label="Portal areas" className="-mx-2 hidden flex-wrap gap-1 sm:flex">
      <AreaLinks
        {...props}
        className="rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white"
      />
    </nav>
  );
}

const phoneMenuPopup = popupLoader<SiteNavProps>(() => import('./phone-menu-popup').then((module) => module.PhoneMenuPopup));

/**
 * Below `sm` the areas, Account settings, Email notifications, Devices and Sign out sit behind one Menu button, so the header stays one row
 * on a phone (docs/decisions/033-phone-layout.md). The dialog (phone-menu-popup.tsx) loads when the button is reached for.
 */
export function PhoneMenu(props: SiteNavProps) {
  return (
    <DeferredPopup
      kind="dialog"
      loader={phoneMenuPopup}
      props={props}
      triggerClassName="ml-auto inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 sm:hidden"
      trigger={
        <>
          <Menu aria-hidden="true" className="size-5" />
          Menu
        </>
      }
    />
  );
}
