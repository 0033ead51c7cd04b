import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/portal-route';

export const accountRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/account',
  component: lazyRouteComponent(() => import('../features/auth/components/account-page'), 'AccountPage'),
});
