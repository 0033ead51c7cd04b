import { useLocation, useNavigate } from '@tanstack/react-router';
import { useLogout } from './logout';

/** Signs out, then goes to /login with the query the user had, whatever the server said. */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const { searchStr } = useLocation();
  return {
    isPending: logout.isPending,
    signOut: () => logout.mutate(undefined, { onSettled: () => void navigate({ href: `/login${searchStr}`, replace: true }) }),
  };
}
