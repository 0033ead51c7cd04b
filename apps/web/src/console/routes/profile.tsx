import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { staffLayoutRoute } from './layout';

/** Your profile (docs/staff-console.md): every member's own name, title, phone and picture. */
export const staffProfileRoute = createRoute({
  getParentRoute: () => staffLayoutRoute,
  path: '/profile',
  component: lazyRouteComponent(() => import('../features/profile/components/profile-page'), 'ProfilePage'),
});
