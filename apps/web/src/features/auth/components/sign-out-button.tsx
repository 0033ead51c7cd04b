import { useLocation, useNavigate } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useLogout } from '../api/logout';

export function SignOutButton() {
  const logout = useLogout();
  const navigate = useNavigate();
  const { searchStr } = useLocation();
  return (
    <button
      type="button"
      onClick={() => logout.mutate(undefined, { onSettled: () => void navigate({ href: `/login${searchStr}`, replace: true }) })}
      disabled={logout.isPending}
      className="inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      <LogOut aria-hidden="true" className="size-4" />
      Sign out
    </button>
  );
}
