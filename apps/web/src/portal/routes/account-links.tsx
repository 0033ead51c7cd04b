import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayoutRoute } from '../../root/auth-layout';

/** The pages an emailed account link opens, in the sign-in card; public (see auth-guard.ts). */
export const forgotPasswordRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/reset-password',
  component: lazyRouteComponent(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage'),
});

export const confirmEmailRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/confirm-email',
  component: lazyRouteComponent(() => import('../features/auth/components/confirm-email-page'), 'ConfirmEmailPage'),
});

export const invitationRoute = createRoute({
  getParentRoute: () => authLayoutRoute,
  path: '/invitation',
  component: lazyRouteComponent(() => import('../features/auth/components/invitation-page'), 'InvitationPage'),
});
