import { useLocation, useNavigate } from '@tanstack/react-router';
import { previewSession } from '../../../../lib/preview';
import { useLogout } from './logout';

/**
 * Signs out, then goes to /login with the query the user had, whatever the server said. In a staff member's preview
 * (docs/staff-console.md) signing out ends the preview, and the tab goes back to the console's project.
 */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const { searchStr } = useLocation();
  return {
    isPending: logout.isPending,
    signOut: () => {
      const preview = previewSession.get();
      logout.mutate(undefined, {
        onSettled: () => {
          if (preview) window.location.assign(`/staff/projects/${preview.projectId}`);
          else void navigate({ href: `/login${searchStr}`, replace: true });
        },
      });
    },
  };
}
