import { createRoute } from '@tanstack/react-router';
import { PasswordlessLoginPage } from '../../features/auth/components/passwordless-login-page';
import { authLayoutRoute } from '../layouts/auth-layout';

export const passwordlessLoginRoute = createRoute({ getParentRoute: () => authLayoutRoute, path: '/auth/passwordless/login', component: PasswordlessLoginPage });
