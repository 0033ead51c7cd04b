import { createRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { authLayoutRoute } from '../../root/auth-layout';

export const loginRoute = createRoute({ getParentRoute: () => authLayoutRoute, path: '/login', component: LoginPage });
