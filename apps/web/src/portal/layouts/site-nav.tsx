import { Menu } from 'lucide-react';
import { DeferredPopup, popupLoader } from '../../components/deferred-popup';
import { AreaLinks, type SiteNavProps } from './area-links';

/** The header's areas on a screen from Tailwind's `sm` up, on a row of their own below the brand. */
export function SiteNav(props: SiteNavProps) {
  return (
    <nav aria-label="Portal areas" className="-mx-2 hidden basis-full flex-wrap gap-1 sm:flex">
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
