import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { staffToken } from '../../lib/auth-token';
import { authLayoutRoute } from '../../root/auth-layout';

/** Its sign-in pages, in the sign-in card; a signed-in member on the sign-in page goes to the console. */
export const staffLoginRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/staff/login',
  beforeLoad: () => {
    if (staffToken.get() !== null) throw redirect({ to: '/staff', replace: true });
  },
  component: lazyRouteComponent(() => import('../features/shell/components/staff-login-page'), 'StaffLoginPage'),
});

/** Where an emailed sign-in link leads, and where one is asked for; a signed-in member goes to the console. */
export const staffPasswordlessRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/staff/passwordless',
  beforeLoad: () => {
    if (staffToken.get() !== null) throw redirect({ to: '/staff', replace: true });
  },
  component: lazyRouteComponent(() => import('../features/shell/components/staff-passwordless-page'), 'StaffPasswordlessPage'),
});

export const staffInvitationRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/staff/invitation',
  component: lazyRouteComponent(() => import('../features/shell/components/staff-invitation-page'), 'StaffInvitationPage'),
});
