import type { Company } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
import { enabledAreas } from '../../lib/areas';
import { paths } from '../../lib/paths';

interface SiteNavProps {
  entity?: number | undefined;
  company: Company | null;
}

/** The project's areas, keeping the picked project in every link; the current one is marked aria-current="page". */
function AreaLinks({ entity, company, className, onNavigate }: SiteNavProps & { className: string; onNavigate?: () => void }) {
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

/**
 * Below `sm` the areas, Account settings, Email notifications, Devices and Sign out sit behind one Menu button, so the header stays one row
 * on a phone (docs/decisions/033-phone-layout.md). A Radix dialog: focus stays inside, Escape closes.
 */
export function PhoneMenu(props: SiteNavProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const item = 'flex items-center rounded-xl px-4 py-3 text-base font-medium text-slate-800 hover:bg-slate-100';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="ml-auto inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 sm:hidden">
        <Menu aria-hidden="true" className="size-5" />
        Menu
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[calc(100%-3rem)] flex-col gap-2 overflow-y-auto bg-white p-4 shadow-xl"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="px-4 text-lg font-semibold text-slate-900">Menu</Dialog.Title>
            <Dialog.Close className="rounded-full p-2 text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100" aria-label="Close menu">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label="Portal areas" className="flex flex-col gap-1">
            <AreaLinks {...props} onNavigate={close} className={`${item} aria-[current=page]:bg-slate-900 aria-[current=page]:text-white`} />
          </nav>
          <div className="mt-2 flex flex-col gap-1 border-t border-slate-200 pt-3">
            <Link
              {...paths.account({ entity: props.entity })}
              activeOptions={{ exact: true, includeSearch: false }}
              onClick={close}
              className={`${item} aria-[current=page]:bg-slate-900 aria-[current=page]:text-white`}
            >
              Account settings
            </Link>
            <Link
              {...paths.notifications({ entity: props.entity })}
              activeOptions={{ exact: true, includeSearch: false }}
              onClick={close}
              className={`${item} aria-[current=page]:bg-slate-900 aria-[current=page]:text-white`}
            >
              Email notifications
            </Link>
            <Link
              {...paths.sessions({ entity: props.entity })}
              activeOptions={{ exact: true, includeSearch: false }}
              onClick={close}
              className={`${item} aria-[current=page]:bg-slate-900 aria-[current=page]:text-white`}
            >
              Devices
            </Link>
            <SignOutButton />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
