import { createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageSpinner } from '../../components/ui/page-spinner';
import { staffToken } from '../../lib/auth-token';
import { authLayoutRoute } from '../layouts/auth-layout';
import { rootRoute } from './root';

// The console's code loads only for the console: the portal's customers never download it.
const StaffShell = lazy(() => import('../../features/staff/components/staff-shell').then((module) => ({ default: module.StaffShell })));

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

export const staffHomeRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../../features/staff/components/staff-home-page'), 'StaffHomePage'),
});

/** Its sign-in pages, in the sign-in card; a signed-in member on the sign-in page goes to the console. */
export const staffLoginRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/staff/login',
  beforeLoad: () => {
    if (staffToken.get() !== null) throw redirect({ to: '/staff', replace: true });
  },
  component: lazyRouteComponent(() => import('../../features/staff/components/staff-login-page'), 'StaffLoginPage'),
});

export const staffInvitationRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/staff/invitation',
  component: lazyRouteComponent(() => import('../../features/staff/components/staff-invitation-page'), 'StaffInvitationPage'),
});
