import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageSpinner } from '../../components/ui/page-spinner';
import { staffToken } from '../../lib/auth-token';
import { rootRoute } from '../../root/root';

// The console's code loads only for the console: the portal's customers never download it.
const StaffShell = lazy(() => import('../features/shell/components/staff-shell').then((module) => ({ default: module.StaffShell })));

function StaffLayout() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <StaffShell>
        <Outlet />
      </StaffShell>
    </Suspense>
  );
}

/** The staff console (docs/staff-console.md): its own layout, signed in with a staff token or sent to its sign-in page. */
export const staffLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/staff',
  beforeLoad: () => {
    if (staffToken.get() === null) throw redirect({ to: '/staff/login', replace: true });
  },
  component: StaffLayout,
});
