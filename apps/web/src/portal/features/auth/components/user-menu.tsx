import { ChevronDown, CircleUser } from 'lucide-react';
import { DeferredPopup, popupLoader } from '../../../../components/deferred-popup';
import { useMe } from '../api/get-me';

const userMenuPopup = popupLoader<{ entity?: number | undefined }>(() => import('./user-menu-popup').then((module) => module.UserMenuPopup));

/** The header's menu for the signed-in user: account settings, email notifications, devices, sign out. */
export function UserMenu({ entity }: { entity?: number | undefined }) {
  const me = useMe();
  const name = me.data ? [me.data.first_name, me.data.last_name].filter(Boolean).join(' ') || me.data.email : 'Account';
  return (
    <DeferredPopup
      kind="menu"
      loader={userMenuPopup}
      props={{ entity }}
      triggerClassName="inline-flex max-w-56 items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100"
      trigger={
        <>
          <CircleUser aria-hidden="true" className="size-5 shrink-0" />
          <span className="sr-only">Account menu: </span>
          <span className="truncate">{name}</span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
        </>
      }
    />
  );
}
