import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/portal-route';

export const sessionsRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/account/sessions',
  component: lazyRouteComponent(() => import('../features/auth/components/sessions-page'), 'SessionsPage'),
});
