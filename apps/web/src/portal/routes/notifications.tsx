import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayoutRoute } from '../../root/auth-layout';
import { defaultLayoutRoute } from '../layouts/portal-route';

export const notificationsRoute = createRoute({
  getParentRoute: () => defaultLayoutRoute,
  path: '/account/notifications',
  component: lazyRouteComponent(() => import('../features/auth/components/notifications-page'), 'NotificationsPage'),
});

/** Opened from an email's unsubscribe link: public, in the sign-in card (see auth-guard.ts). */
export const unsubscribeRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/unsubscribe',
  component: lazyRouteComponent(() => import('../features/auth/components/unsubscribe-page'), 'UnsubscribePage'),
});
