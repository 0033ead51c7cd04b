import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { usePopupTrigger, type DeferredPopupProps } from '../../components/deferred-popup';
import { SignOutButton } from '../features/auth/components/sign-out-button';
import { paths } from '../lib/paths';
import { AreaLinks, type SiteNavProps } from './area-links';

/** The phone menu's dialog (site-nav.tsx), loaded when the Menu button is reached for. A Radix dialog: focus stays inside, Escape closes. */
export function PhoneMenuPopup({ open, onOpenChange, triggerClassName, trigger, focusTrigger, ...props }: SiteNavProps & DeferredPopupProps) {
  const triggerRef = usePopupTrigger(focusTrigger);
  const close = () => onOpenChange(false);
  const item = 'flex items-center rounded-xl px-4 py-3 text-base font-medium text-slate-800 hover:bg-slate-100';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger ref={triggerRef} className={triggerClassName}>
        {trigger}
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
