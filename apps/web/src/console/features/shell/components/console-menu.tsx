import type { StaffMember } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type ComponentType } from 'react';

/** A section of the console's menu (staff-shell.tsx lists them). */
export interface StaffNavItem {
  to: string;
  label: string;
  /** Shown to owners only (docs/staff-console.md). */
  ownerOnly?: boolean;
  /** Active only on this exact path (the console's home). */
  exact?: boolean;
  /** A count beside the label, such as the inbox's unread items. */
  Badge?: ComponentType;
}

/**
 * Below Tailwind's `sm` the console's sections, who is signed in and Sign out sit behind one Menu button, so the header
 * stays one row on the narrowest phone and no section is cut off (docs/staff-console.md). A Radix dialog: focus stays
 * inside, Escape closes, and following a link closes it.
 */
export function ConsoleMenu({
  member,
  items,
  onSignOut,
  signingOut,
}: {
  member: StaffMember;
  items: StaffNavItem[];
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const item = 'flex items-center rounded-xl px-4 py-3 text-base font-medium text-slate-800 hover:bg-slate-100';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="ml-auto inline-flex shrink-0 items-center gap-2 rounded-full px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 sm:hidden">
        <Menu aria-hidden="true" className="size-5" />
        Menu
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[calc(100%-2rem)] flex-col gap-2 overflow-y-auto bg-white p-4 shadow-xl"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="px-4 text-lg font-semibold text-slate-900">Staff console</Dialog.Title>
            <Dialog.Close className="rounded-full p-2 text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100" aria-label="Close menu">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label="Console" className="flex flex-col gap-1">
            {items.map((entry) => (
              <Link
                key={entry.to}
                to={entry.to}
                activeOptions={{ exact: Boolean(entry.exact) }}
                onClick={close}
                className={`${item} aria-[current=page]:bg-slate-900 aria-[current=page]:text-white`}
              >
                {entry.label}
                {entry.Badge ? (
                  <>
                    {' '}
                    <entry.Badge />
                  </>
                ) : null}
              </Link>
            ))}
          </nav>
          <div className="mt-2 flex flex-col gap-2 border-t border-slate-200 px-4 pt-3">
            <p className="text-sm text-slate-600">
              Signed in as <span className="font-medium wrap-anywhere text-slate-900">{member.name}</span>
            </p>
            <button
              type="button"
              onClick={onSignOut}
              disabled={signingOut}
              className="self-start rounded-full px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60"
            >
              Sign out
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
