import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/portal-route';

export const indexRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../../features/project/components/project-page'), 'ProjectPage'),
});
