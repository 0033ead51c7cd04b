import { createRoute } from '@tanstack/react-router';
import { SessionsPage } from '../../features/auth/components/sessions-page';
import { defaultLayoutRoute } from '../layouts/default-layout';

export const sessionsRoute = createRoute({ getParentRoute: () => defaultLayoutRoute, path: '/account/sessions', component: SessionsPage });
