import { LogOut } from 'lucide-react';
import { useSignOut } from '../api/use-sign-out';

/** A plain sign-out button, for a header without the user menu (the menu signs out through the same hook). */
export function SignOutButton() {
  const { signOut, isPending } = useSignOut();
  return (
    <button
      type="button"
      onClick={signOut}
      disabled={isPending}
      className="inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      <LogOut aria-hidden="true" className="size-4" />
      Sign out
    </button>
  );
}
