import { Link } from '@tanstack/react-router';
import { Bell, Laptop, LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { usePopupTrigger, type DeferredPopupProps } from '../../../../components/deferred-popup';
import { paths } from '../../../lib/paths';
import { useMe } from '../api/get-me';
import { useSignOut } from '../api/use-sign-out';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-60';

/** The user menu's popup, loaded when the user reaches for the menu (user-menu.tsx). */
export function UserMenuPopup({ entity, open, onOpenChange, triggerClassName, trigger, focusTrigger }: { entity?: number | undefined } & DeferredPopupProps) {
  const me = useMe();
  const { signOut, isPending } = useSignOut();
  const triggerRef = usePopupTrigger(focusTrigger);

  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger ref={triggerRef} className={triggerClassName}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200">
          {me.data ? <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-600">{me.data.email}</DropdownMenu.Label> : null}
          <DropdownMenu.Item asChild className={ITEM}>
            <Link {...paths.account({ entity })}>
              <Settings aria-hidden="true" className="size-4" />
              Account settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link {...paths.notifications({ entity })}>
              <Bell aria-hidden="true" className="size-4" />
              Email notifications
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM}>
            <Link {...paths.sessions({ entity })}>
              <Laptop aria-hidden="true" className="size-4" />
              Signed-in devices
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={ITEM} disabled={isPending} onSelect={signOut}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
