import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayoutRoute } from '../../root/auth-layout';

export const passwordlessLoginRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/auth/passwordless/login',
  component: lazyRouteComponent(() => import('../features/auth/components/passwordless-login-page'), 'PasswordlessLoginPage'),
});
