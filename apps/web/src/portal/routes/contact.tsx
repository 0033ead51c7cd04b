import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultLayoutRoute } from '../layouts/portal-route';

export const contactRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/contact',
  component: lazyRouteComponent(() => import('../features/contact/components/contact-page'), 'ContactPage'),
});
